"""The bots by name: the four levels the home screen offers (Easy to Expert), plus random and greedy.

It sits above the bots it names (``greedy``, ``ismcts``, ``random_bot``), which sit above ``base``.
"""

from __future__ import annotations

from .base import Bot, Budget
from .greedy import EasyBot, GreedyBot
from .ismcts import ISMCTSBot
from .random_bot import RandomBot

LEVELS = ("easy", "normal", "hard", "expert")
"""The levels the home screen offers, weakest first."""
BOT_NAMES = (*LEVELS, "random", "greedy")
"""Every bot name: the four levels, plus ``random`` and ``greedy`` (an old name of Normal, kept for saves)."""
LEVEL_BUDGETS = {"hard": Budget(iterations=0, seconds=0.9), "expert": Budget(iterations=0, seconds=1.9)}
"""The search levels' budgets. Iterations 0 means each game's own count (``SearchParams.hard``, twice as many for
Expert, ``EXPERT_FACTOR``), about what one second (Expert: two) buys in the browser; the seconds cap the browser's
search. Expert's strength comes mostly from its learned evaluation, not from its time."""


def make_bot(name: str) -> Bot:
    """Return a bot by name: a level, ``random`` or ``greedy``; ``hard:N`` or ``expert:N`` searches exactly N
    iterations with no time limit (for quick, reproducible arenas and tests).

    Raises:
        ValueError: unknown bot name.
    """
    if name == "random":
        return RandomBot()
    if name == "easy":
        return EasyBot()
    if name in ("greedy", "normal"):
        return GreedyBot(name)
    if name in LEVEL_BUDGETS:
        return ISMCTSBot(name, LEVEL_BUDGETS[name], learned=name == "expert")
    level, _, count = name.partition(":")
    if level in LEVEL_BUDGETS and count.isdigit() and 0 < int(count) <= 1_000_000:
        return ISMCTSBot(name, Budget(iterations=int(count)), learned=level == "expert")
    raise ValueError(f"unknown bot {name!r}; known bots: {list(BOT_NAMES)}")
