"""Issue 19: a table offers and names only the moves that exist now, and a bot's power
reads as the bot's. Caravan's opening (a real game against a bot) shows no Discard and its
line names none, while a later turn does offer it; Cabo's start of a turn, rendered from
the engine's own view and legal list, offers no "take the discard" on an empty pile and no
"call" after a call; the log line of a power started by a bot (a real engine event, written
by the game's own module as the table writes it) reads "Bot 1 uses the power of …: peek at
one of their own cards", never the reader's "your"."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable import games

from .conftest import DESKTOP, PHONE
from .driver import click, offered, open_home, start_game, wait_settled
from .test_choices import mount


def table_msg(page: Any) -> dict[str, Any]:
    """The table's last state message (read, never changed): view and legal list."""
    msg: dict[str, Any] = page.evaluate("() => window.cardtable.table.msg")
    return msg


def discard_button(page: Any) -> Any:
    return page.locator(".actions [data-action='discard']")


def caravan_turn(page: Any, seat: int, word: str) -> bool:
    """One turn of mine by clicks: select a hand card (checking what the table then offers
    against the legal list), then play it on a highlighted place. Returns whether the turn
    was in the opening."""
    msg = table_msg(page)
    opening = msg["view"]["opening"][seat] > 0
    legal_discards = {a["card"] for a in msg["legal"] if a["type"] == "discard"}
    hand = [(k, el) for k, el in offered(page) if k.startswith("card:c:")]
    kind, card = hand[0]
    code = kind.split(":")[2]
    click(kind, card)
    prompt = page.locator(".prompt-text").inner_text()
    assert discard_button(page).count() == (1 if code in legal_discards else 0), (
        code,
        msg["legal"],
    )
    if code not in legal_discards:
        assert word not in prompt.lower(), prompt
    places = [(k, el) for k, el in offered(page) if k.startswith(("card:drop:", "card:cv:"))]
    if places:
        click(*places[0])
    else:
        discard_button(page).click()
    # The move was sent and answered: the table has moved on from the state read above.
    page.wait_for_function(
        "v => document.querySelector('.table-page').dataset.version !== v",
        arg=str(msg["version"]),
    )
    return opening


@pytest.mark.parametrize(
    ("viewport", "locale"), [(DESKTOP, "en-US"), (PHONE, "zh-CN")], ids=["en", "zh-390"]
)
def test_caravan_opening_offers_no_discard(live_server, page_factory, viewport, locale):
    page = page_factory(viewport, locale=locale)
    open_home(page, live_server.url)
    start_game(page, "caravan", levels=["random"])
    wait_settled(page)
    seat = table_msg(page)["view"]["seat"]
    assert table_msg(page)["view"]["opening"][seat] == 3
    assert discard_button(page).count() == 0
    word = "弃" if locale == "zh-CN" else "discard"
    assert word not in page.locator(".prompt-text").inner_text().lower()
    turns: list[bool] = []
    while (not turns or turns[-1]) and len(turns) < 8 and wait_settled(page) == "mine":
        turns.append(caravan_turn(page, seat, word))
    # Three opening turns, then an ordinary one, where a selected card may be discarded.
    # A hand dealt fewer than three number cards has more (CV-4: it discards and draws
    # instead, and its opening goes on), so the deal decides how many.
    assert turns[:3] == [True, True, True]
    assert turns[-1] is False, turns


def engine_table(game: str, seed: int, moves: list[dict[str, Any]], **options: Any) -> Any:
    """A real engine state after ``moves`` (each by the seat to act)."""
    loaded = games.load(game, **options)
    state = loaded.new_state(seed=seed)
    for move in moves:
        state.apply(state.to_act[0], move)
    return loaded, state


def mount_engine(page: Any, game: str, loaded: Any, state: Any) -> Any:
    seat = state.to_act[0]
    legal = [loaded.action_to_json(a) for a in state.legal_actions(seat)]
    return mount(page, game, state.view(seat), legal, seat)


def test_cabo_offers_no_take_from_an_empty_pile_nor_a_second_call(live_server, page_factory):
    page = page_factory(DESKTOP)
    open_home(page, live_server.url)
    # Seed 1: seat 0 starts the first round, with nothing on the discard pile yet.
    loaded, state = engine_table("cabo", 1, [], players=2)
    assert state.view(0)["discard"] == [] and state.to_act == (0,)
    table = mount_engine(page, "cabo", loaded, state)
    assert table.locator("[data-action='draw']").count() == 1
    assert table.locator("[data-action='take_discard']").count() == 0
    prompt = table.locator(".prompt-text").inner_text()
    assert "take" not in prompt and "Call Cabo" not in prompt and "call Cabo" in prompt, prompt
    # Seat 0 calls: seat 1 may only draw (still an empty pile, and no second call).
    loaded, state = engine_table("cabo", 1, [{"type": "call"}], players=2)
    table = mount_engine(page, "cabo", loaded, state)
    assert [b.get_attribute("data-action") for b in table.locator(".actions button").all()] == [
        "draw"
    ]
    assert table.locator(".prompt-text").inner_text() == "Your turn: draw from the deck."
    # With a card on the pile, taking it is offered and said.
    loaded, state = engine_table("cabo", 1, [{"type": "draw"}, {"type": "discard"}], players=2)
    while state.view(state.to_act[0])["phase"] != "start":  # a power card: skip it
        state.apply(state.to_act[0], {"type": "skip"})
    table = mount_engine(page, "cabo", loaded, state)
    assert table.locator("[data-action='take_discard']").count() == 1
    assert "take the discard" in table.locator(".prompt-text").inner_text()


# A game module's log line for an event, as the table writes it for seat 0 ("You"), the
# other seats being bots ("Bot 1"), in the page's language.
DESCRIBE = """async ([game, event]) => {
  const { importRenderer } = await import('/static/js/gamefiles.js');
  const { t } = await import('/static/js/i18n.js');
  const mod = (await importRenderer(game)).default;
  const name = (s) => (s === 0 ? t('seat.you') : t('seat.bot', { n: s }));
  const ctx = { seat: 0, view: {}, name };
  return mod.describe(event, ctx);
}"""


def power_event(game: str, seat: int) -> dict[str, Any]:
    """The first event starting a power of ``seat`` in random two-player games (Cabo: the
    discard of a power card; Cambio: its power event), as seat 0 is told of it."""
    for seed in range(50):
        state = games.load(game, players=2).new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            mover = state.to_act[0]
            for event in state.apply(mover, rng.choice(state.legal_actions(mover))):
                starts = event.type == "power" or (
                    event.type == "discard" and event.data.get("power")
                )
                if starts and event.data["seat"] == seat:
                    return event.for_seat(0)
    raise AssertionError(f"no power in {game}")


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_a_bots_cabo_power_reads_as_the_bots(live_server, page_factory, locale):
    page = page_factory(DESKTOP, locale=locale)
    open_home(page, live_server.url)
    zh = locale == "zh-CN"
    bots, mine = power_event("cabo", 1), power_event("cabo", 0)
    line = page.evaluate(DESCRIBE, ["cabo", bots])
    assert line.startswith("电脑 1 弃掉了" if zh else "Bot 1 discarded "), line
    assert ("你" not in line) if zh else ("your" not in line and " may " in line), line
    own = page.evaluate(DESCRIBE, ["cabo", mine])
    assert own.startswith("你弃掉了" if zh else "You discarded "), own


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_a_bots_cambio_power_reads_as_the_bots(live_server, page_factory, locale):
    page = page_factory(DESKTOP, locale=locale)
    open_home(page, live_server.url)
    zh = locale == "zh-CN"
    for seed_seat in (1, 0):
        event = power_event("cambio", seed_seat)
        line = page.evaluate(DESCRIBE, ["cambio", event])
        if seed_seat == 1:
            assert line.startswith("电脑 1 使用 " if zh else "Bot 1 uses the power of "), line
            assert ("你" not in line) if zh else ("your" not in line), line
        else:
            assert line.startswith("你使用 " if zh else "You use the power of "), line
    # A bot's peek at its own cards is its own, not the reader's.
    own_peek = {"type": "power", "seat": 1, "card": "7s", "step": "peek_own"}
    line = page.evaluate(DESCRIBE, ["cambio", own_peek])
    want = (
        "电脑 1 使用 "
        if zh
        else "Bot 1 uses the power of 7 of spades: peek at one of their own cards."
    )
    assert line.startswith(want), line


def test_gandengyan_says_pass_when_nothing_beats(live_server, page_factory):
    page = page_factory(DESKTOP)
    open_home(page, live_server.url)
    loaded = games.load("gandengyan", players=2)
    for seed in range(50):  # a real position where the seat to act can only pass
        state, rng = loaded.new_state(seed=seed), random.Random(seed)
        while not state.is_over():
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            if [loaded.action_to_json(a)["type"] for a in legal] == ["pass"]:
                table = mount_engine(page, "gandengyan", loaded, state)
                buttons = table.locator(".actions button").all()
                assert [b.get_attribute("data-action") for b in buttons] == ["pass"]
                prompt = table.locator(".prompt-text").inner_text()
                assert prompt.startswith("Nothing in your hand beats "), prompt
                return
            state.apply(seat, rng.choice(legal))
    raise AssertionError("no position with only a pass")
