"""Card text in our own words, written from the card data itself (so the text always says what the engine does)."""

from __future__ import annotations

from functools import cache
from typing import Any

from .cards import Record, card

RES = {"mc": "M€", "heat": "heat", "plants": "plants", "cards": "cards", "tr": "TR"}
ONE = {"mc": "M€", "heat": "heat", "plants": "plant", "cards": "card", "tr": "TR"}
PER = {"steel": ("steel", "steel"), "titanium": ("titanium", "titanium"), "forests": ("forest", "forests"),
       "cards_played": ("project card you have played", "project cards you have played"),
       "blue_cards": ("blue card you have", "blue cards you have"), "here": ("resource here", "resources here")}
HELD = {"animal": ("animal", "animals"), "microbe": ("microbe", "microbes"), "science": ("science", "science")}


def cap(text: str) -> str:
    """Return the text with its first character upper-cased (the rest untouched)."""
    return text[:1].upper() + text[1:]


def res_n(res: str, n: int) -> str:
    """Return an amount of a stock or production resource, singular or plural."""
    return f"{n} {ONE[res] if n == 1 else RES[res]}"


def _tags(tags: list[str]) -> str:
    """Return tag names joined as 'Earth, Jovian or Power' with the right article."""
    names = [t.capitalize() for t in tags]
    joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    return ("an " if joined[0] in "AEIOU" else "a ") + joined


def _colors(colors: list[str]) -> str:
    """Return a list of card colours in words."""
    return "any" if len(colors) == 3 else " or ".join(colors)


def _per(per: str, plural: bool = False) -> str:
    """Return a counter in words."""
    if per.startswith("tag:"):
        return f"{per[4:].capitalize()} tag{'s' if plural else ''} you have"
    return PER[per][1 if plural else 0]


def _res(res: Any, n: int = 2) -> str:
    """Return one held-resource name (or a choice of them), singular or plural."""
    items = res if isinstance(res, list) else [res]
    return " or ".join(HELD[r][0 if n == 1 else 1] if r in HELD else str(r) for r in items)


def _filter(flt: Record | None) -> str:
    """Return a card filter in words."""
    if not flt:
        return "another project card"
    parts = []
    if "tags_any" in flt:
        parts.append(f"card with {_tags(flt['tags_any'])} tag")
    if "color" in flt:
        parts.append(f"{flt['color']} card")
    if "not_color" in flt:
        parts.append(f"card that is not {flt['not_color']}")
    if "min_cost" in flt:
        parts.append(f"card printed at {flt['min_cost']} M€ or more")
    if "gives" in flt:
        parts.append(f"card that gives {flt['gives']}")
    text = " and ".join(parts)
    return text if text.startswith(("a ", "an ")) else ("an " if text[0] in "aeiou" else "a ") + text


def _cond(cond: Record) -> str:
    """Return a condition in words."""
    if "chose" in cond:
        return "you chose the action phase" if cond["chose"] == 3 else f"you chose phase {cond['chose']}"
    if "blue_cards" in cond:
        return f"you have {cond['blue_cards']} or more blue cards"
    return f"you have {cond['min']} or more {cond['tags'].capitalize()} tags"


def op_text(op: Record) -> str:
    """Return one op in words."""
    k = op["op"]
    per = f" per {_per(op['per'])}" if "per" in op else ""
    if k == "gain":
        return f"gain {res_n(op['res'], op['n'])}{per}"
    if k == "prod":
        return f"+{op['n']} {ONE[op['res']]} production"
    if k in ("steel", "titanium"):
        return f"+{op['n']} {k}"
    if k == "raise":
        return f"raise {op['param']} {op['n']} step{'s' if op['n'] > 1 else ''}"
    if k == "ocean":
        return "flip an ocean" if op["n"] == 1 else f"flip {op['n']} oceans"
    if k == "forest":
        return "gain a forest" if op["n"] == 1 else f"gain {op['n']} forests"
    if k == "tr":
        return f"gain {op['n']} TR{per}"
    if k == "draw":
        return f"draw {op['n']} card{'s' if op['n'] > 1 else ''}{per}"
    if k == "draw_discard":
        return f"draw {res_n('cards', op['draw'])}, then discard {res_n('cards', op['discard'])}"
    if k == "look_keep":
        keep = f"keep {op['keep']}" + (f" ({_filter(op.get('filter'))})" if op.get("filter") else "")
        extra = ("; for each card discarded: " + ", ".join(op_text(o) for o in op["per_discard"])
                 if op.get("per_discard") else "")
        top = "the top card" if op["look"] == 1 else f"the top {op['look']} cards"
        return f"look at {top}, {keep}, discard the rest{extra}"
    if k == "reveal_until":
        return f"reveal cards until {_filter(op['filter'])} appears; take it and discard the others"
    if k == "add":
        where = {"self": "here", "other": "on another of your cards", "stocked": "on one of your cards that already "
                 "holds resources (of that kind)"}[op["to"]]
        res = "resources" if op["res"] == "same" else _res(op["res"], op["n"])
        return f"put {op['n']} {res} {where}"
    if k == "choose":
        real = [o for o in op["options"] if o["do"] or o.get("cost")]
        if len(real) == 1:
            return "you may " + option_text(real[0])
        return "either " + ", or ".join(option_text(o) for o in op["options"])
    if k == "if":
        return f"if {_cond(op['cond'])}: " + ", ".join(op_text(o) for o in op["do"])
    if k == "extra_play":
        return f"you may play {op['n']} more {_colors(op['colors'])} card this phase"
    if k == "next_discount":
        return f"the next card you play this phase costs {op['n']} M€ less"
    if k == "next_shift":
        return "the next card you play this phase may treat oxygen and temperature as one colour zone off"
    if k == "play_card":
        cap = f" printed at {op['max_cost']} M€ or less" if "max_cost" in op else ""
        how = "for free" if op.get("free") else f"at {op.get('discount', 0)} M€ off"
        return f"you may play a card of {_colors(op['colors'])} colour from your hand{cap} {how} (requirements apply)"
    if k == "retrieve_red":
        return "you may take another red card you have played back into your hand"
    if k == "cycle":
        bonus = f" (2 if it had a {op['bonus_tag'].capitalize()} tag)" if op.get("bonus_tag") else ""
        return f"discard up to {op['max']} card{'s' if op['max'] > 1 else ''} and draw one for each{bonus}"
    if k == "convert":
        cap = f"up to {op['max']}" if "max" in op else "any amount of"
        return f"turn {cap} {RES[op['from']]} into the same amount of {RES[op['to']]}"
    return str(k)


def cost_text(c: Record) -> str:
    """Return one cost in words."""
    if c["op"] == "pay":
        less = []
        for red in c.get("less", ()):
            less.append(f"{red['n']} less per {_per(red['per'])}" if "per" in red else
                        f"{red['n']} less if {_cond(red['if'])}")
        verb = {"mc": "pay", "tr": "lose"}.get(c["res"], "spend")
        return f"{verb} {res_n(c['res'], c['n'])}" + (f" ({'; '.join(less)})" if less else "")
    if c["op"] == "remove":
        src = "from here" if c["from"] == "self" else "from one of your cards"
        return f"remove {c['n']} {_res(c['res'], c['n'])} {src}"
    return f"discard {c['n']} card{'s' if c['n'] > 1 else ''}"


def option_text(o: Record) -> str:
    """Return an option: costs, an arrow, then ops."""
    do = ", ".join(op_text(x) for x in o["do"]) or "nothing"
    if o.get("cost"):
        return ", ".join(cost_text(c) for c in o["cost"]) + " to " + do
    return do


def effect_text(e: Record) -> str:
    """Return one ongoing effect in words."""
    k = e["kind"]
    if k == "discount":
        return cap(f"{_filter(e.get('filter'))} costs you {e['n']} M€ less")
    if k == "metal_value":
        parts = [f"each {m} is worth {e[m]} M€ more" for m in ("steel", "titanium") if e[m]]
        return cap(" and ".join(parts))
    if k == "req_shift":
        return "Oxygen and temperature requirements may be read one colour zone up or down (this does not stack)"
    if k == "research":
        parts = ([f"draw {e['draw']} more"] if e["draw"] else []) + ([f"keep {e['keep']} more"] if e["keep"] else [])
        return "In the research phase " + " and ".join(parts)
    if k == "sell_bonus":
        return f"Each card you sell gives {e['n']} M€ more"
    if k == "standard_discount":
        return f"Standard actions paid in M€ cost you {e['n']} M€ less"
    if k == "forest_plants":
        return f"A forest from plants costs you {e['n']} plants"
    if k == "heat_as_mc":
        return "You may pay M€ costs with heat, 1 for 1"
    if k == "pay_option":
        return "When you play a card you may " + ", ".join(cost_text(c) for c in e["cost"]) + \
            f" to pay {e['discount']} M€ less"
    ev = e["event"]
    when: str = {
        "tag": lambda: f"Each time you play {_tags(e['tags'])} tag"
                       + (" (including this card's own tags)" if e["self"] else ""),
        "card": lambda: f"Each time you play {_filter(e.get('filter'))}",
        "step": lambda: "Each time you " + " or ".join(
            "flip an ocean" if p == "ocean" else f"raise {p}" for p in e["params"]),
        "forest": lambda: "Each time you gain a forest",
        "action": lambda: "Each time you use a card's action",
        "tr_first": lambda: "The first time your TR rises in a phase",
        "add_other": lambda: f"Each time you put {_res(e.get('res'))} on another card",
    }[ev]()  # type: ignore[no-untyped-call]
    return when + ": " + ", ".join(op_text(o) for o in e["do"])


def req_text(r: Record) -> str:
    """Return one requirement in words."""
    k = r["kind"]
    if k == "zone":
        if "min" in r:
            return f"{r['param']} {r['min']} or higher"
        return f"{r['param']} {r['max']} or lower"
    if k == "oceans":
        return f"at least {r['min']} oceans flipped" if "min" in r else f"at most {r['max']} oceans flipped"
    if k == "tags":
        return f"{r['min']} {r['tag'].capitalize()} tag{'s' if r['min'] > 1 else ''}"
    if k == "tr":
        return f"TR {r['min']} or more"
    return f"spend {r['n']} {RES[r['res']]}"


@cache
def card_text(cid: str, with_requirements: bool = True) -> str:
    """Return a card's full text: requirements, on play, effects, action and VP.

    ``with_requirements=False`` leaves the requirement sentence out (a card face shows requirements on a line of
    their own, each marked met or not).
    """
    rec = card(cid)
    parts = []
    reqs = [r for r in rec.get("req", ()) if r["kind"] != "spend"] if with_requirements else []
    spends = [r for r in rec.get("req", ()) if r["kind"] == "spend"]
    if reqs:
        parts.append("Requires " + ", ".join(req_text(r) for r in reqs) + ".")
    if spends:
        parts.append("When you play it, spend " + " and ".join(res_n(r["res"], r["n"]) for r in spends) + ".")
    prod = [o for o in rec.get("play", ()) if o["op"] in ("prod", "steel", "titanium")]
    rest = [o for o in rec.get("play", ()) if o["op"] not in ("prod", "steel", "titanium")]
    if prod and "mc" not in rec:
        parts.append(cap(", ".join(op_text(o) for o in prod)) + ".")
    if rest:
        parts.append(("At the start: " if "mc" in rec else "When played: ") + "; ".join(op_text(o) for o in rest)
                     + ".")
    if rec.get("prod_per"):
        pp = rec["prod_per"]
        per = " or ".join(p[4:].capitalize() + " tag" if p.startswith("tag:") else _per(p) for p in pp["per"])
        div = f"{pp['div']} " if pp["div"] > 1 else ""
        plural = "s" if pp["div"] > 1 else ""
        parts.append(f"Production: +1 {ONE[pp['res']]} per {div}{per}{plural} you have (kept up to date).")
    for e in rec.get("effects", ()):
        parts.append("Effect: " + effect_text(e) + ".")
    if rec.get("action"):
        parts.append("Action: " + cap(" — or — ".join(option_text(o) for o in rec["action"])) + ".")
    if rec.get("vp"):
        parts.append(f"{rec['vp']} VP.")
    if rec.get("vp_per"):
        v = rec["vp_per"]
        if v["per"] == "here":
            what = HELD[str(rec["holds"])][1 if v["div"] > 1 else 0] + " on this card"
        else:
            what = _per(v["per"], v["div"] > 1)
        parts.append(f"1 VP per {str(v['div']) + ' ' if v['div'] > 1 else ''}{what}.")
    if "mc" in rec:
        parts.insert(0, f"Starts with {rec['mc']} M€" + "".join(f" and {op_text(o)}" for o in prod) + ".")
    return " ".join(parts)


@cache
def card_face(cid: str) -> str:
    """Return what a card's face says, for tooltips: colour, printed cost and tags, then its full text.

    "Green card, 7 M€, Plant tag. Requires ... When played: ..."; a corporation: "Corporation. Starts with ...".
    """
    rec = card(cid)
    if "mc" in rec:
        return f"Corporation. {card_text(cid)}"
    tags = [t.capitalize() for t in rec.get("tags", ())]
    tag_part = (", " + ", ".join(tags) + (" tags" if len(tags) > 1 else " tag")) if tags else ", no tags"
    return f"{str(rec['color']).capitalize()} card, {rec['cost']} M€{tag_part}. {card_text(cid)}"
