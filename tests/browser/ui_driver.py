"""Drive the page the way a player would: wait for the table to settle, then click cards and buttons."""

from __future__ import annotations

import re as _re

BOOT_TIMEOUT_MS = 120_000
STEP_TIMEOUT_MS = 60_000

# What the page is waiting for from the player right now (null while the engine or a bot is working).
SETTLED_JS = """() => {
  if (document.querySelector('[data-testid=handoff]')) return 'handoff';
  const g = document.querySelector('[data-testid=game]');
  if (!g) return document.querySelector('[data-testid=home]') ? 'home' : null;
  if (g.dataset.busy !== '0') return null;
  if (document.querySelector('[data-testid=end-screen]')) return 'end';
  const t = document.querySelector('[data-testid=jd-table]');
  if (t) return t.dataset.mode && t.dataset.mode !== 'none' ? t.dataset.mode : null;
  const b = document.querySelector('[data-testid=bts-table]');
  if (b) return b.dataset.mode && !['none', 'wait'].includes(b.dataset.mode) ? 'bts-' + b.dataset.mode : null;
  const a = document.querySelector('[data-testid=ares-table]');
  if (a) return a.dataset.mode && !['none', 'wait'].includes(a.dataset.mode) ? 'ares-' + a.dataset.mode : null;
  if (document.querySelector('[data-testid=decision-panel] [data-testid=action-0]')) return 'generic';
  return null;
}"""


def boot(page, url: str) -> None:
    page.goto(url)
    ready = "['ready', 'error'].includes(document.documentElement.dataset.engine)"
    page.wait_for_function(ready, timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.dataset.engine") == "ready", page.inner_text("body")
    page.wait_for_selector("[data-testid=home]")


def fresh(page, url: str) -> None:
    """Boot with empty storage (no saves, no remembered language)."""
    boot(page, url)
    page.evaluate("() => localStorage.clear()")
    boot(page, url)


def go_home(page) -> None:
    if page.locator("div[data-testid=home]").count():
        return
    page.click("[data-testid=nav-home]")
    page.wait_for_selector("[data-testid=home]")


def hand_ids(page) -> list[str]:
    """The instance ids of the cards in the viewer's hand, in order."""
    return page.eval_on_selector_all("[data-testid=hand] .card", "els => els.map(e => e.dataset.id)")


OLD_KIND = {"greedy": "normal"}  # the home form offers the four levels; tests may still say "greedy" for Normal


def new_game(page, names=("You", "Bot"), kinds=("human", "greedy"), seed: int | None = None,
             options: dict | None = None) -> None:
    """Start a game from the home screen; `options` sets the game's option fields (select, checkbox or text)."""
    go_home(page)
    page.select_option("[data-testid=player-count]", str(len(names)))
    for i, (name, kind) in enumerate(zip(names, kinds, strict=True)):
        page.fill(f"[data-testid=seat-name-input-{i}]", name)
        select = f"[data-testid=seat-kind-{i}]"
        if kind == "random":  # not offered to players; quick all-bot tests still use it, through the same select
            page.eval_on_selector(select, "s => s.add(new Option('random', 'random'))")
        page.select_option(select, OLD_KIND.get(kind, kind))
    page.fill("[data-testid=seed-input]", "" if seed is None else str(seed))
    for name, value in (options or {}).items():
        field = f"[data-testid=option-{name}]"
        if isinstance(value, bool):
            page.set_checked(field, value)
        elif page.locator(f"select{field}").count():
            page.select_option(field, str(value))
        else:
            page.fill(field, str(value))
            page.dispatch_event(field, "change")
    page.click("[data-testid=start-game]")
    page.wait_for_selector("[data-testid=game]")


def settle(page) -> str:
    return page.wait_for_function(SETTLED_JS, timeout=STEP_TIMEOUT_MS).json_value()


def play_step(page) -> str:
    """Make one choice for the human on screen; returns the mode handled ('end' when the game is over)."""
    mode = settle(page)
    if mode == "end":
        return mode
    if mode == "handoff":
        page.click("[data-testid=handoff-continue]")
    elif mode in ("opening", "pay"):
        page.click("[data-testid=confirm]")
    elif mode == "plan":
        # Simple strategy: place the first playable world; otherwise explore.
        worlds = page.locator("[data-testid=hand] .card[data-kind=world][data-playable='1'] .card-hit")
        placed = False
        if worlds.count():
            worlds.first.click()
            placed = page.locator("[data-testid=confirm]").is_enabled()
            if not placed:
                page.click("[data-testid=clear-selection]")
        if not placed:
            page.click("[data-testid=explore]")
            assert page.inner_text("[data-testid=explore-preview]").strip(), "the explore preview says what it draws"
        assert page.inner_text("[data-testid=action-label]").strip(), "the chosen play shows its label"
        page.click("[data-testid=confirm]")
    elif mode.startswith("ares-"):
        ares_step(page, mode)
    elif mode.startswith("bts-"):
        bts_step(page, mode)
    elif mode == "generic":
        page.locator(
            "[data-testid=decision] .action-list [data-testid=action-0], "
            "[data-testid=decision-panel] [data-testid=action-0]"
        ).first.click()
    else:
        raise AssertionError(f"unexpected mode {mode!r}")
    return mode


def ares_step(page, mode: str) -> None:
    """One simple choice on the Ares table, through its own controls."""
    confirm = page.locator("[data-testid=confirm]")
    if mode == "ares-corp":
        page.locator("[data-testid=corp-offer] .card-hit").first.click()
        confirm.click()
    elif mode == "ares-phase":
        page.locator(".phase-card.pickable .phase-hit").first.click()
        confirm.click()
    elif mode == "ares-swap":
        skip = page.locator("[data-testid=swap] [data-testid^=other-]")
        if skip.count():
            skip.first.click()
        else:
            page.locator("[data-testid=swap] [data-testid^=swap-give-] .card-hit").first.click()
            page.locator("[data-testid=swap] [data-testid^=swap-take-] .card-hit").first.click()
            confirm.click()
    elif mode in ("ares-keep", "ares-discard"):
        cards = page.locator(f"[data-testid=pick-{mode[5:]}] .card-hit")
        for i in range(cards.count()):
            if confirm.is_enabled():
                break
            cards.nth(i).click()
        confirm.click()
    elif mode == "ares-act":
        playable = page.locator("[data-testid=hand] .ares-card[data-playable='1'] .card-hit")
        if playable.count():
            playable.first.click()
            if confirm.is_enabled():
                confirm.click()
                return
            playable.first.click()
        for selector in ("[data-testid=decision] .acting-buttons [data-action=done]",
                         "[data-testid=decision] .acting-buttons .btn[data-action]",
                         "[data-testid=decision] [data-testid^=std-][data-legal]"):
            target = page.locator(selector)
            if target.count():
                target.first.click()
                return
        page.locator("[data-testid=decision] .all-actions summary").click()
        page.locator("[data-testid=decision] .all-actions [data-testid=action-0]").click()
    else:
        page.locator("[data-testid=decision] .action-list [data-testid=action-0]").first.click()


def bts_step(page, mode: str) -> None:
    """One simple choice on the Beyond the Sun table, through its own controls only: a question's first answer;
    else a legal pawn space, a research slot, a ship and its first target, a build place or a claim (then Confirm);
    else the first remaining button. Raises if none of the table's controls can act."""
    if mode == "bts-question":
        page.locator("[data-testid=decision] .question [data-testid=action-0]").click()
        return
    confirm = page.locator("[data-testid=confirm]")
    for selector in ("[data-testid=action-board] .space.legal .space-hit",
                     "[data-testid=tech-tree] .tech-slot.legal .slot-hit",
                     "[data-testid=star-map] .loc-hit",
                     "[data-testid=achievements] [data-testid^=claim-]"):
        target = page.locator(selector)
        if target.count():
            target.first.click()
            if confirm.is_enabled():
                confirm.click()
                return
    ships = page.locator("[data-testid=star-map] .ship[data-legal]")
    if ships.count():
        ships.first.click()
        targets = page.locator("[data-testid=star-map] .loc-hit, [data-testid=ship-moves] .btn")
        if targets.count():
            targets.first.click()
            if confirm.is_enabled():
                confirm.click()
                return
    others = page.locator("[data-testid=decision] .acting-buttons [data-testid^=other-]")
    if others.count():
        others.first.click()
        return
    raise AssertionError("the Beyond the Sun table offers no control for this decision")


def play_until_end(page, max_steps: int = 200) -> list[str]:
    modes = []
    for _ in range(max_steps):
        mode = play_step(page)
        modes.append(mode)
        if mode == "end":
            return modes
    raise AssertionError(f"the game did not end within {max_steps} steps: {modes[-10:]}")


# ---------------------------------------------------------------------------------------------- page checks

AXE_JS = None


def axe_violations(page, context: str = "") -> list[str]:
    """Run axe-core (vendored from npm for the tests only) on the page, WCAG 2.2's target size (24 px) included;
    return serious and critical violations."""
    global AXE_JS
    if AXE_JS is None:
        from pathlib import Path

        AXE_JS = (Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js").read_text()
    if not page.evaluate("() => Boolean(window.axe)"):
        page.evaluate(AXE_JS + "\n;0")  # evaluate() is not bound by the page's CSP
    result = page.evaluate("""async () => {
        const r = await window.axe.run(document,
          {resultTypes: ['violations'], rules: {'target-size': {enabled: true}}});
        return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
          .map(v => `${v.id} (${v.impact}): ${v.help} -> `
            + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '));
    }""")
    return [f"{context}: {v}" for v in result]


def overflowing(page) -> list[str]:
    """The deepest elements that reach past the viewport's right edge (to name what overflows)."""
    return page.evaluate("""() => [...document.querySelectorAll('body *')].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.right > innerWidth + 1
          && ![...el.children].some((c) => c.getBoundingClientRect().right > innerWidth + 1);
      }).slice(0, 4).map((el) => `${el.tagName.toLowerCase()}[${el.dataset.testid || ''}]`
        + `.${String(el.className.baseVal ?? el.className).split(' ')[0]}`
        + ` "${(el.textContent || '').trim().slice(0, 30)}"`)""")


def overflow(page) -> int:
    """How many pixels the page is wider than its viewport (0 when nothing overflows sideways)."""
    return page.evaluate("() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth)")


# What a player must never read: action codes, JSON, raw ids, keys, or missing catalog entries.

CODE_PATTERNS = [
    (_re.compile(r"\b[a-z_]+=[A-Za-z0-9_.,:+-]+"), "action code"),
    (_re.compile(r"[{\[]\s*\"|\"\s*:"), "JSON"),
    (_re.compile(r"\b[Ss]eat \d"), "seat number instead of a name"),
    (_re.compile("\u27e8"), "missing catalog entry"),
    (_re.compile(r"\b(?:undefined|NaN)\b|\[object"), "unfilled value"),
    (_re.compile(r"\b[a-z]+_[a-z0-9_]+\b"), "raw key"),
    (_re.compile(r"Decided by: [a-z_]+\.?$", _re.M), "raw tie-break key"),
]

VISIBLE_TEXTS_JS = """() => {
  const out = [];
  const visible = (el) => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
    return s.visibility !== 'hidden' && s.display !== 'none' && (r.width > 0 || r.height > 0); };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest('script, style, [hidden], #boot, .debug') || !n.textContent.trim()) continue;
    if (visible(el)) out.push(n.textContent.trim());
  }
  for (const el of document.querySelectorAll('[title], [aria-label], [placeholder]')) {
    if (el.closest('#boot')) continue;
    for (const a of ['title', 'aria-label', 'placeholder']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
  }
  for (const el of document.querySelectorAll('option')) out.push(el.textContent.trim());
  return out;
}"""


SAVE_NAMES_JS = "() => [...document.querySelectorAll('[data-testid=slot-row]')].map((r) => r.dataset.name)"


def code_leaks(page) -> list[str]:
    """Visible texts, tooltips and accessible names that show codes, JSON or raw keys.

    The names of saved games are the player's own words (an imported file keeps its file name, underscores and
    all), so they are taken out of each text before it is judged; the words around them still are.
    """
    leaks = []
    names = sorted((n for n in page.evaluate(SAVE_NAMES_JS) if n), key=len, reverse=True)
    for text in page.evaluate(VISIBLE_TEXTS_JS):
        judged = text
        for name in names:
            judged = judged.replace(name, "")
        for pattern, what in CODE_PATTERNS:
            if pattern.search(judged):
                leaks.append(f"{what}: {text[:160]!r}")
    return leaks


def play_table_to_end(page, prefix: str, max_steps: int = 1500, on_step=None) -> list[str]:
    """Play the human seat through a game's own table (modes starting with ``prefix``) until the end screen."""
    modes: list[str] = []
    for _ in range(max_steps):
        mode = settle(page)
        if mode == "end":
            return modes
        assert mode.startswith(prefix), f"the table handles every decision itself, not {mode!r}"
        assert page.locator("[data-testid=generic-table]").count() == 0
        if on_step:
            on_step(mode)
        modes.append(mode)
        play_step(page)
    raise AssertionError(f"no end after {max_steps} steps: {modes[-10:]}")


def open_fixture(page, path, table_testid: str) -> None:
    """Import a constructed position (a real save file) and load it as a game, through the home screen."""
    go_home(page)
    file = {"name": path.name, "mimeType": "application/json", "buffer": path.read_bytes()}
    page.set_input_files("[data-testid=import-file]", files=[file])
    page.wait_for_selector("[data-testid=import-ok]")
    page.locator(f"[data-testid=slot-row][data-name='{path.stem}'] [data-role=load]").click()
    page.wait_for_selector(f"[data-testid={table_testid}]")
    settle(page)


def scan_screen(page, where: str, leaks: list[str], violations: list[str], axe: bool) -> None:
    """Add the screen's code leaks (every visible text, tooltip and accessible name) to ``leaks``, and with ``axe``
    axe-core's serious and critical violations to ``violations``, each prefixed by ``where``."""
    leaks.extend(f"{where}: {x}" for x in code_leaks(page))
    if axe:
        violations.extend(axe_violations(page, where))


AXE_STEPS = (2, 25)
"""The steps of a whole game at which its table is also checked with axe-core (every step is scanned for codes)."""


# ---------------------------------------------------------------------------------------------- catalog marks

LANGUAGE_NAMES = ("English", "Polski", "Čeština", "日本語")
"""The languages' own names, which the picker shows in every language (never from a catalog)."""
# Glyph controls (« ◀ ▶ » steps, ✕ remove) carry their words in a catalog aria-label, which the scan reads too.
OUTSIDE_CATALOG_OK = __import__("re").compile(
    "^[\\s\\d.,:;!?()+\\-\u2212\u2013\u2014\u00b7\u00d7/%\u2605\u2714\u2713\u2717\u2610\u2026\"\u201c\u201d'\u2019|#"
    "\u00ab\u00bb\u25c0\u25b6\u2715]*$")


def uncataloged(page, names: tuple[str, ...]) -> list[str]:
    """Visible text (and tooltips, accessible names, options) left after removing every catalog string: with
    ?lang=qps (or ?i18n-mark in any language) each catalog entry is wrapped in ⟦ ⟧, so anything else that is not a
    number, punctuation, a name the players typed or a language's own name (the picker) was written into the page
    some other way."""
    import re

    texts = [page.evaluate("() => document.body.innerText"), *page.evaluate(
        """() => [...document.querySelectorAll('[title], [aria-label], [placeholder], option')]
             .filter(el => !el.closest('#boot'))
             .flatMap(el => ['title', 'aria-label', 'placeholder'].map(a => el.getAttribute(a)).concat(
               el.tagName === 'OPTION' ? [el.textContent] : [])).filter(Boolean)""")]
    bad = []
    for text in texts:
        rest, before = text, None
        while rest != before:
            before, rest = rest, re.sub(r"⟦[^⟦⟧]*⟧", " ", rest)
        for name in (*names, *LANGUAGE_NAMES):
            rest = rest.replace(name, " ")
        # Dates and times are the browser's own locale formatting of data, not page strings.
        rest = re.sub(r"\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4},? \d{1,2}:\d{2}(?::\d{2})?(?:\s?[AP]M)?", " ", rest)
        for line in rest.splitlines():
            if not OUTSIDE_CATALOG_OK.match(line):
                bad.append(line.strip()[:120])
    return bad
