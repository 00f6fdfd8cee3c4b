"""Tables read at a glance (issue 30): a seeded game of each title, a human seat against a bot, played through the
table at 1366x900 and at 390x844. At every decision, once the page has settled and before the player scrolls, an
element that chooses a legal action (``[data-legal]``) is in the viewport and on top (one on the table itself, when
the decision has targets there, not only a button in the decision panel); the log's existing lines are
never changed (a MutationObserver watches them); the other players' last moves are outlined on the table. Each game
prints the share of decisions that needed no scrolling."""

from __future__ import annotations

import shutil

import pytest
from conftest import _launch
from ui_driver import boot, go_home, new_game, play_step, settle

pytestmark = pytest.mark.browser

SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}

# A seeded game of each title: the game's id on the home form, the table's mode prefix, the seed, the options.
GAMES = {
    "jump_drive": ("", 7, {}),
    "ares_expedition": ("ares-", 11, {}),
    "beyond_the_sun": ("bts-", 5, {}),
}

# Which [data-legal] elements a player can see and click now: a point of each lies in the viewport and is on top
# (not under the sticky action bar or a closed panel). The same test as web/app/ui/in-view.js's reachable().
IN_VIEW_JS = """() => {
  const reachable = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    const i = Math.min(4, r.width / 4, r.height / 4);
    const pts = [[r.left + r.width / 2, r.top + r.height / 2], [r.left + i, r.top + i], [r.right - i, r.top + i],
                 [r.left + i, r.bottom - i], [r.right - i, r.bottom - i]];
    for (const [x, y] of pts) {
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === el || el.contains(hit))) return true;
    }
    return false;
  };
  const legal = [...document.querySelectorAll('[data-legal]')];
  const panel = document.querySelector('[data-testid=decision]');
  const onTable = legal.filter((el) => !(panel && panel.contains(el))
    && !el.closest('.action-bar, details:not([open])'));
  const confirm = document.querySelector('[data-testid=confirm]');
  return {legal: legal.length, seen: legal.filter(reachable).length,
          table: onTable.length, tableSeen: onTable.filter(reachable).length,
          confirm: Boolean(confirm && !confirm.disabled && reachable(confirm)),
          prompt: (document.querySelector('[data-testid=action-bar] .action-bar-prompt') || {}).textContent || ''};
}"""

# Watches the log: any change inside a line that was already drawn (text, attributes, children), or an old line
# taken out of a list that is still on the page, is recorded. mark() makes the lines drawn so far "old".
LOG_WATCH_JS = """() => {
  if (window.__logWatch) return;
  const w = window.__logWatch = {changed: [], known: new WeakSet()};
  w.mark = () => document.querySelectorAll('li.log-entry').forEach((li) => w.known.add(li));
  const oldLine = (node) => {
    const el = node && (node.nodeType === 1 ? node : node.parentElement);
    const li = el && el.closest && el.closest('li.log-entry');
    return li && w.known.has(li) ? li : null;
  };
  new MutationObserver((ms) => {
    for (const m of ms) {
      const li = oldLine(m.target);
      if (li) w.changed.push(`line ${li.dataset.seq}: ${m.type} ${m.attributeName || ''}`.trim());
      if (m.type === 'childList' && m.target.isConnected) {
        for (const n of m.removedNodes) {
          const old = n.nodeType === 1 && n.matches('li.log-entry') && w.known.has(n);
          if (old) w.changed.push(`line ${n.dataset.seq}: removed`);
        }
      }
    }
  }).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


@pytest.fixture(scope="module", params=sorted(SIZES))
def sized(request, pw, server, blocked):
    """A page at one of the two sizes (its own profile), booted on the app."""
    extra = {"has_touch": True, "is_mobile": True, "device_scale_factor": 1} if request.param == "phone" else {}
    ctx, profile = _launch(pw, blocked, viewport=SIZES[request.param], **extra)
    pg = ctx.new_page()
    pg.set_default_timeout(30_000)
    boot(pg, server.url + "?pace=0")
    yield request.param, pg
    ctx.close()
    shutil.rmtree(profile, ignore_errors=True)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_decision_shows_a_legal_target_and_the_log_only_grows(sized, game):
    """Every decision of a whole seeded game has a legal target on screen without scrolling (100 %), and no log line
    already drawn is ever changed."""
    size, page = sized
    prefix, seed, options = GAMES[game]
    go_home(page)
    page.select_option("[data-testid=game-select]", game)
    new_game(page, names=("You", "Bot"), kinds=("human", "random"), seed=seed, options=options)
    page.evaluate(LOG_WATCH_JS)
    page.evaluate("() => { window.__logWatch.changed = []; }")
    decisions, without_scrolling, misses, marked = 0, 0, [], 0
    for _ in range(1500):
        mode = settle(page)
        if mode == "end":
            break
        assert mode == "handoff" or mode.startswith(prefix) or (not prefix and mode in ("opening", "plan", "pay")), mode
        if mode != "handoff":
            seen = page.evaluate(IN_VIEW_JS)
            decisions += 1
            marked += page.locator("[data-testid=game] [data-recent]").count() > 0
            # The table's own targets (cards, spaces, slots, ships) when the decision has some; else any target,
            # or the decision's Confirm.
            if seen["tableSeen"] if seen["table"] else (seen["seen"] or seen["confirm"]):
                without_scrolling += 1
            else:
                misses.append(f"{mode} ({seen['legal']} legal, {seen['table']} on the table, none in view; "
                              f"prompt {seen['prompt']!r})")
        page.evaluate("() => window.__logWatch.mark()")
        play_step(page)
    else:
        pytest.fail(f"{game}: no end after 1500 steps")
    changed = page.evaluate("() => window.__logWatch.changed")
    share = 100.0 * without_scrolling / max(1, decisions)
    print(f"\n{game} at {size}: {without_scrolling} of {decisions} decisions ({share:.1f} %) showed a legal target "
          f"without scrolling; {len(changed)} changes to log lines already drawn; {marked} decisions showed the "
          "others' last moves")
    assert decisions > 5
    # BGA's habit: what the others' moves since your last decision touched is outlined on the table.
    assert marked, f"{game} at {size}: no decision showed the other players' last moves on the table"
    assert not misses, f"{game} at {size}: {len(misses)} decisions had no legal target in view: {misses[:8]}"
    assert not changed, f"{game} at {size}: log lines already drawn were changed: {changed[:10]}"


ONE_TAB_STOP_JS = """() => [...document.querySelectorAll('[data-testid=hand] .card, [data-testid=hand] .ares-card')]
  .map((c) => [...c.querySelectorAll('button, a, input, [tabindex]')]
    .filter((e) => e.tabIndex >= 0 && !e.disabled).length)"""


def test_keyboard_c_reaches_confirm_enter_confirms_and_a_card_is_one_tab_stop(sized):
    """Issue 30, keyboard: C moves focus to Confirm from anywhere and Enter there confirms; each card in a hand is
    one tab stop (I opens its text; the small info button is for pointers); on a selected Ares phase card Enter
    confirms the pick instead of unselecting it."""
    size, page = sized
    if size == "phone":
        pytest.skip("a keyboard test: the desktop size")
    go_home(page)
    page.select_option("[data-testid=game-select]", "jump_drive")
    new_game(page, names=("Keys", "Bot"), kinds=("human", "random"), seed=21)
    assert settle(page) == "opening"
    counts = page.evaluate(ONE_TAB_STOP_JS)
    assert counts and set(counts) == {1}, counts
    page.keyboard.press("c")
    assert page.evaluate("() => document.activeElement.dataset.testid") == "confirm"
    page.keyboard.press("Enter")
    assert settle(page) == "plan"

    go_home(page)
    page.select_option("[data-testid=game-select]", "ares_expedition")
    new_game(page, names=("Keys", "Bot"), kinds=("human", "random"), seed=11)
    assert settle(page) == "ares-corp"
    page.focus("[data-testid=corp-offer] .card-hit")
    page.keyboard.press("Enter")  # selects the corporation
    assert page.get_attribute("[data-testid=corp-offer] .card-hit", "aria-pressed") == "true"
    page.keyboard.press("Enter")  # the choice is complete: confirms
    assert settle(page) == "ares-phase"
    page.focus(".phase-card.pickable .phase-hit")
    page.keyboard.press("Enter")
    assert page.get_attribute(".phase-card.pickable .phase-hit", "aria-pressed") == "true"
    page.keyboard.press("Enter")  # confirms the pick; before, it unselected the card
    assert settle(page) != "ares-phase" or page.locator(".phase-card.selected").count() == 0
    counts = page.evaluate(ONE_TAB_STOP_JS)
    assert counts and set(counts) == {1}, counts
