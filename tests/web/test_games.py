"""A person's complete game of each game against bots, by clicks alone, on a desktop and a
phone viewport; the end shows every card, the scores and the winners, and offers a
rematch."""

from __future__ import annotations

import random
from typing import Any

import pytest

from .conftest import DESKTOP, PHONE
from .driver import open_home, play, start_game, wait_settled

VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE}


def cambio_chooser(options: list[tuple[str, Any]], clicks: int, rng: random.Random):
    """Mostly draws and keeps/discards; uses powers; calls Cambio after a while."""
    kinds = [k for k, _ in options]
    if clicks > 14 and "action:call" in kinds:
        return options[kinds.index("action:call")]
    if "action:call" in kinds and "action:draw" in kinds:
        # Before drawing: snap now and then, else draw from the deck.
        if "action:snap" in kinds and rng.random() < 0.15:
            return options[kinds.index("action:snap")]
        return options[kinds.index("action:draw")]
    cards = [o for o in options if o[0].startswith("card:h:")]
    if cards and rng.random() < 0.8:
        return rng.choice(cards)
    plain = [o for o in options if o[0] not in ("action:call", "action:snap")]
    return rng.choice(plain or options)


def finish_checks(page: Any, players: int) -> None:
    results = page.locator(".results")
    assert results.is_visible()
    rows = results.locator(".score-table tbody tr")
    assert rows.count() == players
    assert results.locator(".winners").inner_text().strip()
    # Every card is shown at the end: no face-down card left in the results.
    assert results.locator(".card.down").count() == 0
    assert results.locator("button", has_text="Rematch").is_visible()


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_cambio_full_game(live_server, page_factory, artifacts, viewport):
    page = page_factory(VIEWPORTS[viewport], speed="fast" if viewport == "desktop" else "off")
    open_home(page, live_server.url)
    start_game(page, "cambio", players=3, levels=["random", "random"])
    wait_settled(page)
    page.screenshot(path=str(artifacts / f"cambio-{viewport}-start.png"))
    clicks = play(page, cambio_chooser, seed=3)
    # Random bots may call Cambio early: the person's part can be short, never empty.
    assert clicks >= 1
    page.screenshot(path=str(artifacts / f"cambio-{viewport}-end.png"))
    finish_checks(page, 3)
    # The log told the story in words.
    if viewport == "desktop":
        assert page.locator(".log-list li").count() > 5
    # A rematch opens a new table with the same settings.
    before = page.url
    page.locator(".results button", has_text="Rematch").click()
    page.wait_for_function("u => location.href !== u", arg=before)
    page.wait_for_selector(".table-page[data-version]")
    assert page.locator(".opponents .seat").count() == 2


def cabo_chooser(options: list[tuple[str, Any]], clicks: int, rng: random.Random):
    """Draws (sometimes takes the discard), replaces or exchanges, uses powers, calls."""
    kinds = [k for k, _ in options]

    def pick(kind: str):
        return options[kinds.index(kind)]

    if "action:draw" in kinds:
        if clicks > 30 and "action:call" in kinds:
            return pick("action:call")
        if "action:take_discard" in kinds and rng.random() < 0.2:
            return pick("action:take_discard")
        return pick("action:draw")
    if "action:replace" in kinds and rng.random() < 0.75:
        return pick("action:replace")
    if "action:discard" in kinds and rng.random() < 0.3:
        return pick("action:discard")
    cards = [o for o in options if o[0].startswith("card:h:")]
    if cards and rng.random() < 0.85:
        return rng.choice(cards)
    return rng.choice(options)


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_cabo_full_game(live_server, page_factory, artifacts, viewport):
    page = page_factory(VIEWPORTS[viewport], speed="fast" if viewport == "desktop" else "off")
    open_home(page, live_server.url)
    start_game(page, "cabo", players=3, levels=["random", "random"], options={"rounds": 2})
    wait_settled(page)
    page.screenshot(path=str(artifacts / f"cabo-{viewport}-start.png"))
    play(page, cabo_chooser, seed=5)
    page.screenshot(path=str(artifacts / f"cabo-{viewport}-end.png"))
    finish_checks(page, 3)


def gdy_chooser(options: list[tuple[str, Any]], clicks: int, rng: random.Random):
    """Asks for a hint and plays it, or passes; sometimes picks cards by hand."""
    kinds = [k for k, _ in options]
    if "action:play" in kinds:
        plays = [o for o in options if o[0] == "action:play"]
        return rng.choice(plays)
    if "action:pass" in kinds and rng.random() < 0.3:
        return options[kinds.index("action:pass")]
    if "action:hint" in kinds:
        return options[kinds.index("action:hint")]
    return rng.choice(options)


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_gandengyan_full_game(live_server, page_factory, artifacts, viewport):
    page = page_factory(VIEWPORTS[viewport], speed="fast" if viewport == "desktop" else "off")
    open_home(page, live_server.url)
    start_game(page, "gandengyan", players=3, levels=["random", "random"])
    wait_settled(page)
    page.screenshot(path=str(artifacts / f"gandengyan-{viewport}-start.png"))
    play(page, gdy_chooser, seed=7)
    page.screenshot(path=str(artifacts / f"gandengyan-{viewport}-end.png"))
    finish_checks(page, 3)


def caravan_chooser(options: list[tuple[str, Any]], clicks: int, rng: random.Random):
    """Picks a card from the hand, then a highlighted place for it (or discards it);
    disbands now and then; never resigns."""
    places = [o for o in options if o[0].startswith(("card:drop:", "card:cv:"))]
    if places and rng.random() < 0.85:
        return rng.choice(places)
    kinds = [k for k, _ in options]
    if "action:discard" in kinds and (not places or rng.random() < 0.5):
        return options[kinds.index("action:discard")]
    hand = [o for o in options if o[0].startswith("card:c:")]
    disband = [o for o in options if o[0] == "action:disband"]
    if disband and rng.random() < 0.03:
        return rng.choice(disband)
    if hand:
        return rng.choice(hand)
    return rng.choice([o for o in options if o[0] != "action:resign"] or options)


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_caravan_full_game(live_server, page_factory, artifacts, viewport):
    page = page_factory(VIEWPORTS[viewport], speed="fast" if viewport == "desktop" else "off")
    open_home(page, live_server.url)
    start_game(page, "caravan", levels=["random"], options={"short_deck": True})
    wait_settled(page)
    page.screenshot(path=str(artifacts / f"caravan-{viewport}-start.png"))
    play(page, caravan_chooser, seed=11, shots=artifacts, shot_every=0)
    page.screenshot(path=str(artifacts / f"caravan-{viewport}-end.png"))
    finish_checks(page, 2)
