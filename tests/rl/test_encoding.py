"""Encoders: observations read only the view (the leak property on encodings), every legal
action has a unique index inside the documented space, and the spaces are what the docs
say."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cardtable import games, rl
from cardtable.core import Outcome
from cardtable.games.cabo.encoder import CaboEncoder
from cardtable.rl.encoding import Unindexable, lower_is_better, win_share
from cardtable.rl.match import TRUNCATED_CAP, WAIT, Match

from .support import CASES, case_id, random_walk


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_hidden_cards_do_not_change_the_encoding(case: tuple[str, dict[str, object]]) -> None:
    """Two states that differ only in what a seat cannot see encode the same observation
    and the same legal indices for that seat: the state and
    ``game.determinize(state.view(seat), seat, rng)``."""
    name, options = case
    game = games.load(name, **options)
    enc = rl.encoder(game)
    rng = random.Random(11)
    redealt = 0
    for seed in range(3):
        state = game.new_state(seed=seed)
        for step, _ in enumerate(random_walk(state, rng)):
            if step % 5:
                continue
            for seat in range(state.players):
                view = state.view(seat)
                other = game.determinize(view, seat, random.Random(step * 31 + seat))
                redealt += other.full_view() != state.full_view()
                assert np.array_equal(enc.observation(other.view(seat)), enc.observation(view)), (
                    f"{name}: seat {seat}'s encoding depends on cards it cannot see"
                )
                # the fast path, which reads the states themselves
                assert np.array_equal(enc.observe(other, seat), enc.observe(state, seat)), (
                    f"{name}: seat {seat}'s fast-path observation depends on hidden cards"
                )
                if seat in state.to_act:
                    mine = enc.indices(state.legal_actions(seat), seat, lambda v=view: v)
                    theirs = enc.indices(
                        other.legal_actions(seat), seat, lambda o=other, s=seat: o.view(s)
                    )
                    assert mine == theirs, f"{name}: seat {seat}'s action mask leaks"
                    fast = enc.legal_indices(other, other.legal_actions(seat), seat)
                    assert fast == mine, f"{name}: seat {seat}'s fast-path mask leaks"
    assert redealt, "the determinized states must really differ in hidden cards"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_fast_path_equals_the_encoding_of_the_view(case: tuple[str, dict[str, object]]) -> None:
    """What the adapters use (``observe`` and ``legal_indices``, read from the state, the
    compiled accelerators' and the pure-Python fast paths alike) is exactly the encoding
    of the seat's view, for every seat in every position of random
    games, game ends included; the same state is walked on, so encoders' incremental
    caches are exercised as play goes on, and clones as well."""
    name, options = case
    game = games.load(name, **options)
    enc = rl.encoder(game)
    indexer = enc.indexer()  # the compiled one where built
    rng = random.Random(17)
    positions = 0
    for seed in range(4):
        state = game.new_state(seed=seed)
        for step, _ in enumerate(random_walk(state, rng)):
            probe = state.clone() if step % 7 == 3 else state
            for seat in range(state.players):
                view = probe.view(seat)
                expected_obs = enc.observation(view)
                assert np.array_equal(enc.observe(probe, seat), expected_obs), (
                    f"{name}: the fast path differs from the view's encoding for seat {seat}"
                )
                assert np.array_equal(enc.observe_python(probe, seat), expected_obs), (
                    f"{name}: the pure-Python fast path differs for seat {seat}"
                )
                if seat in probe.to_act:
                    legal = probe.legal_actions(seat)
                    expected = enc.indices(legal, seat, lambda v=view: v)
                    assert enc.legal_indices(probe, legal, seat) == expected
                    assert indexer(probe, legal, seat) == expected
                    assert enc.legal_indices_python(probe, legal, seat) == expected
            positions += 1
        for seat in range(state.players):
            assert np.array_equal(enc.observe(state, seat), enc.observation(state.view(seat)))
    assert positions > 50


@pytest.mark.parametrize("name", ["cambio", "cabo", "gandengyan", "caravan"])
def test_fast_path_does_not_depend_on_what_was_asked_before(name: str) -> None:
    """The fast paths keep memos (and Gan Deng Yan a running count of the played pile):
    asked for positions of several games in a shuffled order (so nothing follows from
    the position asked before), every answer is still the view's encoding, and a caller
    writing into an answer changes nothing later."""
    game = games.load(name, **({} if name == "caravan" else {"players": 4}))
    enc = rl.encoder(game)
    rng = random.Random(23)
    positions = []
    for seed in range(4):
        state = game.new_state(seed=seed)
        for step, _ in enumerate(random_walk(state, rng)):
            if step % 2 == 0:
                positions.append(state.clone())
    rng.shuffle(positions)
    for probe in positions:
        for seat in rng.sample(range(game.players), game.players):
            got = enc.observe(probe, seat)
            assert np.array_equal(got, enc.observation(probe.view(seat)))
            got[:] = 5.0
    assert len(positions) > 40


def test_cambio_indices_with_empty_slots_match_ranks_worked_out_afresh() -> None:
    """Cambio's index lookup corrects cached indices for the empty slots of the hands
    involved; it must agree with ranks counted from scratch, empty slots or not."""
    for options in ({"players": 3}, {"players": 4, "snap": "anytime"}):
        game = games.load("cambio", **options)
        enc = rl.encoder(game)
        rng = random.Random(23)
        holes = 0
        for seed in range(15):
            state = game.new_state(seed=seed)
            for _ in random_walk(state, rng):
                hands = state.view(None)["hands"]
                holes += any(None in hand for hand in hands)
                ranks = enc.ranks(hands)
                for seat in state.to_act:
                    legal = state.legal_actions(seat)
                    fresh = [enc._index(enc._parse(a), seat, ranks) for a in legal]
                    assert enc.legal_indices(state, legal, seat) == fresh
        assert holes > 100, "random play must empty some slots"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_legal_action_has_one_index(case: tuple[str, dict[str, object]]) -> None:
    """In random games every legal action of the seat asked gets an index in range, no
    two share one, and the index plays exactly that action."""
    name, options = case
    game = games.load(name, **options)
    enc = rl.encoder(game)
    match = Match(game, enc)
    rng = random.Random(5)
    for seed in range(6):
        match.start(seed)
        while not match.over():
            indices = match.indices()
            assert match.truncated is None, f"{name}: a legal action has no index"
            legal = match.legal()
            assert len(indices) == len(set(indices)) == len(legal)
            assert all(0 <= i < enc.num_actions for i in indices)
            index = rng.choice(indices)
            action = match.action(index)
            assert action in legal
            if action is not WAIT:
                assert match.index_of(action) == index
            match.act(index)
        assert match.state.is_over()


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_observations_fit_their_box(case: tuple[str, dict[str, object]]) -> None:
    name, options = case
    game = games.load(name, **options)
    enc = rl.encoder(game)
    rng = random.Random(2)
    state = game.new_state(seed=9)
    seen = np.zeros(enc.obs_size, bool)
    for _ in random_walk(state, rng):
        for seat in range(state.players):
            obs = enc.observation(state.view(seat))
            assert obs.dtype == np.float32 and obs.shape == (enc.obs_size,)
            assert np.isfinite(obs).all()
            assert obs.min() >= enc.low and obs.max() <= enc.high
            seen |= obs != 0
    assert seen.any()
    assert enc.layout.size == enc.obs_size
    blocks = enc.layout.blocks
    assert blocks[0][1] == 0 and sum(size for _, _, size in blocks) == enc.obs_size


@pytest.mark.parametrize(
    "case", [c for c in CASES if c[0] != "cambio" or c[1].get("players", 4) <= 4], ids=case_id
)
def test_action_names_are_unique_and_complete(case: tuple[str, dict[str, object]]) -> None:
    enc = rl.encoder(*case[:1], **case[1])
    names = [enc.name(i) for i in range(enc.num_actions)]
    assert len(set(names)) == enc.num_actions


def test_documented_space_sizes() -> None:
    """The sizes ``docs/research.md`` gives for the default tables."""
    sizes = {name: rl.encoder(name).num_actions for name in games.names()}
    assert sizes == {"cabo": 3353, "cambio": 21221, "caravan": 3537, "gandengyan": 22627}
    assert rl.encoder("gandengyan", players=2).num_actions == 3296
    assert rl.encoder("caravan", double_deck=True).num_actions == 6897
    assert rl.encoder("cambio", players=2).num_actions == 5888


def test_cambio_positions_count_occupied_slots_relative_to_the_actor() -> None:
    enc = rl.encoder("cambio", players=3)
    m = enc.M
    assert m == 52  # 55 - players: no seat can ever hold more cards
    # seat 1 acts; seat 2 (offset +1) has slot 0 empty, so its slot 2 is its rank 1
    view = {"hands": [["As", "??"], ["??", "??"], [None, "??", "??"]]}
    game = enc.game
    snap = game.action_from_json({"type": "snap", "seat": 2, "slot": 2})
    peek_own = game.action_from_json({"type": "peek", "seat": 1, "slot": 1})
    swap = game.action_from_json({"type": "swap", "a": [0, 1], "b": [2, 1]})
    got = enc.indices([snap, peek_own, swap], 1, lambda: view)
    assert got[0] == enc.SNAP + 1 * m + 1
    assert got[1] == enc.PEEK + 0 * m + 1
    x, y = 1 * m + 0, 2 * m + 1  # seat 2 is offset +1, seat 0 offset +2
    n = enc.N
    assert got[2] == enc.SWAP + x * (2 * n - x - 1) // 2 + (y - x - 1)
    assert enc.name(got[0]) == "snap:+1:1" and enc.name(got[2]) == "swap:+1:0/+2:1"


def test_gandengyan_plays_are_indexed_by_their_reading() -> None:
    enc = rl.encoder("gandengyan", players=4)
    game = enc.game
    same = [
        game.action_from_json({"type": "play", "cards": ["5h", "5s"]}),
        game.action_from_json({"type": "play", "cards": ["5d", "5c"]}),
    ]
    straight = game.action_from_json(
        {"type": "play", "cards": ["3s", "RJ", "5h"], "as": ["3", "4", "5"]}
    )
    bomb = game.action_from_json({"type": "play", "cards": ["RJ", "BJ"]})
    got = enc.indices([*same, straight, bomb], 0, dict)
    assert got[0] == got[1]
    assert [enc.name(i) for i in got[1:]] == ["play:55", "play:34*5", "play:**"]
    assert enc.name(0) == "pass"


def test_cabo_rows_past_the_cap_truncate_the_game() -> None:
    """A position the index space cannot name ends the game as truncated, never a
    silently missing action."""

    class Small(CaboEncoder):
        row_cap = 4

    game = games.load("cabo", players=2)
    match = Match(game, Small(game))
    rng = random.Random(1)
    truncated = 0
    for seed in range(40):
        match.start(seed)
        while not match.over():
            indices = match.indices()
            if not indices:
                break
            match.act(rng.choice(indices))
        truncated += match.truncated == TRUNCATED_CAP
        if match.truncated:
            assert match.rewards("win") == [0.0, 0.0]
    assert truncated, "rows of five cards come up in random play"
    with pytest.raises(Unindexable):
        Small(game).index(game.action_from_json({"type": "replace", "slots": [4]}), 0)


def test_cambio_snap_window_asks_the_others_first_with_wait() -> None:
    """snap=anytime: the start card is snappable, so seats 1, 2, 3 may snap or wait before
    seat 0 (whose turn it is) moves; any move starts the questions again."""
    game = games.load("cambio", snap="anytime")
    enc = rl.encoder(game)
    match = Match(game, enc)
    match.start(3)
    assert match.state.to_act == (0, 1, 2, 3)
    for seat in (1, 2, 3):
        assert match.decider == seat
        assert enc.wait_index in match.indices()
        assert all(enc.name(i).startswith(("snap:", "wait")) for i in match.indices())
        match.act(enc.wait_index)
    assert match.decider == 0
    assert enc.wait_index not in match.indices()
    match.act(match.index_of(game.action_from_json({"type": "draw"})))
    assert match.decider == 0 and match.pending == []


def test_rewards() -> None:
    assert win_share([2], 4) == [-1 / 3, -1 / 3, 1.0, -1 / 3]
    assert win_share([0, 1], 4) == pytest.approx([1 / 3, 1 / 3, -1 / 3, -1 / 3])
    assert win_share([1], 2) == [-1.0, 1.0]
    assert win_share([0, 1], 2) == [0.0, 0.0]
    assert sum(lower_is_better([3.0, 10.0, 5.0])) == pytest.approx(0.0)
    enc = rl.encoder("cambio", players=3)
    outcome = Outcome((3.0, 10.0, 5.0), (0,))
    assert enc.rewards(outcome, "win") == [1.0, -0.5, -0.5]
    assert enc.rewards(outcome, "score") == [4.5, -6.0, 1.5]
    caravan = rl.encoder("caravan")
    assert caravan.rewards(Outcome((2.0, 1.0), (0,)), "score") == [1.0, -1.0]


def test_cabo_observation_counts_the_decks_refills() -> None:
    """CA-14 with ``deck_out=reshuffle``: how often the deck was refilled this round is
    public (the bots call at two refills), so an agent sees it too, on both paths."""
    game = games.load("cabo", players=2, deck_out="reshuffle")
    enc = rl.encoder(game)
    assert isinstance(enc, CaboEncoder)
    rng = random.Random(3)
    state = game.new_state(seed=1)

    def keeps_going(action: object) -> bool:  # no call, no exchange (a failed one grows rows)
        move = game.action_to_json(action)
        return move["type"] != "call" and len(move.get("slots", ())) <= 1

    while not state.reshuffles and not state.is_over():
        seat = state.to_act[0]
        state.apply(seat, rng.choice([a for a in state.legal_actions(seat) if keeps_going(a)]))
    assert state.reshuffles == 1, "a round with no call and no exchange runs the deck out"
    for seat in range(2):
        seen = enc.observation(state.view(seat))[enc.o_refills]
        assert seen == enc.observe(state, seat)[enc.o_refills] == 0.25
    fresh = game.new_state(seed=0)
    assert enc.observation(fresh.view(0))[enc.o_refills] == 0.0
