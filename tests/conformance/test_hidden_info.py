"""Honest information sets: positions a seat cannot tell apart give it the same view and the same resamples.

Every registered game lists the kinds of secret it holds (``Game.hidden_kinds``) and makes, for any position and
seat, variants that differ from it only in one such secret (``Game.hidden_variants``, built by editing the
position, never through ``resample``). For each variant, ``view(seat)`` must be unchanged, and
``resample(seat, seed)`` must give byte-identical JSON on both: a resample that keeps any secret (another seat's
hand, its unrevealed choice, a deck order, a face-down discard, the PRNG) fails here. Bots search those
resamples, so this is what keeps them from cheating. A game joins by registering; nothing here names a game.
"""

from __future__ import annotations

from collections import Counter

import pytest

import pyengine
from pyengine.core.api import canonical_json

from .test_api import EVERY, GAME_IDS, trajectories

RESAMPLE_SEEDS = (7, 2**61 + 3)
SPARSE = 8 * EVERY


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_positions_differing_only_in_a_secret_resample_identically(game_id: str) -> None:
    """For every seat at sampled positions of seeded random games (every player count), each hidden variant keeps
    view(seat) and gives resample(seat, seed) byte-identical to the original's; every listed kind is exercised."""
    game = pyengine.load_game(game_id)
    assert game.hidden_kinds, f"{game_id} lists no kind of hidden information"
    seen: Counter[str] = Counter()
    for players in range(game.info.min_players, game.info.max_players + 1):
        for t in trajectories(game_id, players):
            # The opening's simultaneous choices, then every SPARSE-th decision point.
            for k, state in enumerate([*t.states[1:players + 1], *t.positions(SPARSE)]):
                for seat in range(players):
                    mine = state.view(seat)
                    base = {s: canonical_json(state.resample(seat, s).to_json()) for s in RESAMPLE_SEEDS}
                    for kind, other in game.hidden_variants(state, seat, 1000 * k + seat):
                        assert kind in game.hidden_kinds, f"{game_id}: variant of unlisted kind {kind!r}"
                        where = f"{game_id} {players}p seed {t.seed} position {k}, seat {seat}, kind {kind}"
                        assert canonical_json(other.to_json()) != canonical_json(state.to_json()), (
                            f"{where}: the variant changed nothing")
                        assert other.view(seat) == mine, f"{where}: the variant is not hidden from the seat"
                        for s in RESAMPLE_SEEDS:
                            assert canonical_json(other.resample(seat, s).to_json()) == base[s], (
                                f"{where}: resample keeps this secret")
                        seen[kind] += 1
    missing = set(game.hidden_kinds) - set(seen)
    assert not missing, f"{game_id}: no sampled position exercised {sorted(missing)} (seen {dict(seen)})"
