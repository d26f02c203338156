"""The choices a table offers for a given view and legal list, checked in the browser on
the game modules themselves with a fixed view (a stacked situation the random server
games may never reach): Gan Deng Yan's joker readings, Cambio's two-click swap and power
skip, Cabo's multi-card exchange, Caravan's places for a face card."""

from __future__ import annotations

from typing import Any

from .conftest import DESKTOP
from .driver import open_home

# Renders a game module (found as the shell finds it, by js/gamefiles.js) into a scratch
# element with a fixed view and legal list; records what the table would send. Clicks go
# to the real elements.
HARNESS = """async ([game, view, legal, seat]) => {
  const { importRenderer } = await import('/static/js/gamefiles.js');
  const mod = (await importRenderer(game)).default;
  const { actionButton } = await import('/static/js/table.js');
  const root = document.createElement('div');
  root.id = 'scratch';
  root.className = 'table-page';
  root.innerHTML = '<div class="board"></div><p class="prompt-text"></p><div class="actions"></div>';
  document.querySelector('#scratch')?.remove();
  document.body.append(root);
  window.sent = [];
  const sel = {};
  const store = {};
  const draw = () => {
    const board = root.querySelector('.board');
    const actions = root.querySelector('.actions');
    board.replaceChildren();
    actions.replaceChildren();
    const ctx = {
      view, legal, seat, sel, store, board, actions, busy: false, over: false, prev: null,
      name: (s) => (s === seat ? 'You' : `Bot ${s}`),
      send: (a) => window.sent.push(a),
      redraw: draw,
      explain: () => {},
      reveal: () => {},
      revealed: () => null,
      button: (label, onClick, opts) => actionButton(label, onClick, opts),
    };
    mod.render(ctx);
    root.querySelector('.prompt-text').textContent = mod.prompt(ctx);
  };
  draw();
}"""


def mount(page: Any, game: str, view: dict, legal: list, seat: int = 0) -> Any:
    page.evaluate(HARNESS, [game, view, legal, seat])
    return page.locator("#scratch")


def sent(page: Any) -> list:
    return page.evaluate("window.sent")


def test_gandengyan_offers_the_joker_readings_of_the_legal_list(live_server, page_factory):
    page = page_factory(DESKTOP)
    open_home(page, live_server.url)
    view = {
        "game": "gandengyan", "seat": 0, "players": 2, "to_act": [0], "over": False,
        "hand_no": 1, "hand_count": 1, "dealer": 0, "leader": 0, "turn": 0,
        "hand": ["5s", "6d", "8c", "9s", "BJ"], "counts": [5, 5], "talon": 40,
        "to_beat": None, "passes": 0, "trick": [], "played": [], "bombs": 0,
        "plays": [0, 0], "totals": [0, 0], "results": [],
    }  # fmt: skip
    legal = [
        {"type": "play", "cards": ["5s"]},
        {"type": "play", "cards": ["5s", "BJ"], "as": ["5", "5"]},
        {"type": "play", "cards": ["BJ", "5s", "6d"], "as": ["4", "5", "6"]},
        {"type": "play", "cards": ["5s", "6d", "BJ"], "as": ["5", "6", "7"]},
    ]
    table = mount(page, "gandengyan", view, legal)
    # Nothing selected: no Play button; the hint is there.
    assert table.locator("[data-action='play']").count() == 0
    # 5 + 6 + joker: exactly the two readings of the legal list, one button each.
    for code in ("5s", "6d", "BJ"):
        table.locator(f".card[data-code='{code}']").click()
    buttons = table.locator("[data-action='play']")
    assert buttons.all_inner_texts() == ["Play as 4-5-6", "Play as 5-6-7"]
    buttons.nth(1).click()
    assert sent(page) == [legal[3]]
    # A selection that is no legal play offers no Play button, and says so.
    table = mount(page, "gandengyan", view, legal)
    table.locator(".card[data-code='8c']").click()
    table.locator(".card[data-code='9s']").click()
    assert table.locator("[data-action='play']").count() == 0
    assert "not a play" in table.locator(".prompt-text").inner_text()
    # Hint selects a legal play.
    table.locator("[data-action='hint']").click()
    table.locator("[data-action='hint']").click()
    assert table.locator("[data-action='play']").count() >= 1


def test_cambio_swap_takes_two_clicks_and_skip_is_offered(live_server, page_factory):
    page = page_factory(DESKTOP)
    open_home(page, live_server.url)
    hands = [["??", "??", "Qs", "Kh"], ["??", "??", "??", "??"]]
    view = {
        "game": "cambio", "seat": 0, "players": 2, "to_act": [0], "over": False,
        "memory_aid": True, "phase": "power", "turn": 0, "step": "swap", "power": "Jd",
        "known_by": [[[], [], [0], [0]], [[], [], [1], [1]]], "deck": 40, "discard": ["Jd"],
        "snappable": False, "caller": None, "give": None, "setup_peeks": [0, 0],
        "end": None, "scores": None, "hands": hands, "drawn": None,
    }  # fmt: skip
    positions = [(s, i) for s in range(2) for i in range(4)]
    legal = [{"type": "skip"}] + [
        {"type": "swap", "a": list(a), "b": list(b)}
        for k, a in enumerate(positions)
        for b in positions[k + 1 :]
    ]
    table = mount(page, "cambio", view, legal)
    assert "swap blindly" in table.locator(".prompt-text").inner_text()
    assert table.locator("[data-action='skip']").is_visible()
    table.locator("[data-k='h:0:2']").click()
    assert table.locator("[data-k='h:0:2']").get_attribute("aria-pressed") == "true"
    assert sent(page) == []
    table.locator("[data-k='h:1:0']").click()
    assert sent(page) == [{"type": "swap", "a": [0, 2], "b": [1, 0]}]


def cabo_drawn(**changes: Any) -> dict:
    """Seat 0 of two holds a drawn 2, its row 4, 4, unknown."""
    row = [{"card": c, "seen_by": [0] if c else [], "public": False} for c in ("4", "4", None)]
    other = [{"card": None, "seen_by": [], "public": False}] * 4
    view = {
        "game": "cabo", "seat": 0, "players": 2, "to_act": [0], "over": False, "round": 1,
        "phase": "drawn", "turn": 0, "starter": 0, "deck": 30, "reshuffles": 0,
        "discard": ["9"], "rows": [row, other],
        "holding": {"seat": 0, "from": "deck", "card": "2"},
        "power": None, "caller": None, "final_turns": 0, "setup_peeks": [0, 0],
        "totals": [0, 0], "resets_used": [False, False], "history": [], "last_round": None,
        "target": 100, "round_limit": 0, "winners": None,
    }  # fmt: skip
    return {**view, **changes}


CABO_DRAWN_LEGAL = [{"type": "discard"}] + [
    {"type": "replace", "slots": s} for s in ([0], [1], [2], [0, 1], [0, 2], [1, 2], [0, 1, 2])
]


def test_cabo_deck_says_how_often_it_was_refilled(live_server, page_factory):
    """deck_out=reshuffle (CA-14): how long a round has gone on is public, and the deck's
    name for a screen reader says it (the count a bot's patience reads)."""
    page = page_factory(DESKTOP)
    open_home(page, live_server.url)
    deck = mount(page, "cabo", cabo_drawn(), CABO_DRAWN_LEGAL).locator("[data-k='deck']")
    assert deck.get_attribute("aria-label") == "deck, 30 cards"
    deck = mount(page, "cabo", cabo_drawn(reshuffles=2), CABO_DRAWN_LEGAL).locator(
        "[data-k='deck']"
    )
    assert deck.get_attribute("aria-label") == "deck, 30 cards, refilled 2× this round"


def test_cabo_exchange_selects_slots_then_confirms(live_server, page_factory):
    page = page_factory(DESKTOP)
    open_home(page, live_server.url)
    table = mount(page, "cabo", cabo_drawn(), CABO_DRAWN_LEGAL)
    table.locator("[data-k='h:0:0']").click()
    assert table.locator("[data-action='replace']").inner_text() == "Replace card 1"
    table.locator("[data-k='h:0:1']").click()
    assert table.locator("[data-action='replace']").inner_text() == "Exchange 2 cards"
    table.locator("[data-action='replace']").click()
    assert sent(page) == [{"type": "replace", "slots": [0, 1]}]


def test_caravan_face_card_lights_up_the_number_cards_it_may_go_on(live_server, page_factory):
    page = page_factory(DESKTOP)
    open_home(page, live_server.url)

    def caravan(cards: list[str], value: int) -> dict:
        return {
            "cards": [{"card": c, "attached": []} for c in cards],
            "value": value,
            "direction": "ascending" if len(cards) > 1 else None,
            "suit": cards[-1][1] if cards else None,
        }

    view = {
        "game": "caravan", "seat": 0, "players": 2, "to_act": [0], "over": False,
        "opening": [0, 0], "hand_sizes": [5, 5], "deck_sizes": [30, 30],
        "discards": [[], []],
        "caravans": [
            [caravan(["3h", "8h"], 11), caravan([], 0), caravan(["Ts"], 10)],
            [caravan(["9c"], 9), caravan(["2d", "7d"], 9), caravan([], 0)],
        ],
        "sellers": [None, None, None], "hand": ["Kd", "4c", "5h", "6s", "Qd"],
    }  # fmt: skip
    legal = [
        {"type": "play", "card": "Kd", "seat": 0, "caravan": 0, "index": 1},
        {"type": "play", "card": "Kd", "seat": 1, "caravan": 1, "index": 0},
        {"type": "play", "card": "4c", "caravan": 1},
        {"type": "discard", "card": "Kd"},
        {"type": "disband", "caravan": 0},
        {"type": "resign"},
    ]
    table = mount(page, "caravan", view, legal)
    table.locator(".cv-hand [data-code='Kd']").click()
    lit = table.locator(".cv-stack .target").evaluate_all("es => es.map(e => e.dataset.k)")
    assert sorted(lit) == ["cv:0:0:1", "cv:1:1:0"]
    assert table.locator("[data-action='discard']").is_visible()
    table.locator("[data-k='cv:1:1:0']").click(position={"x": 8, "y": 8})
    assert sent(page) == [legal[1]]
    # A number card: a drop zone on the one caravan it may start.
    table = mount(page, "caravan", view, legal)
    table.locator(".cv-hand [data-code='4c']").click()
    assert table.locator(".cv-drop").count() == 1
    table.locator(".cv-drop").click()
    assert sent(page) == [legal[2]]


def cambio_view(**changes: Any) -> dict:
    view = {
        "game": "cambio", "seat": 0, "players": 2, "to_act": [0], "over": False,
        "memory_aid": True, "phase": "turn", "turn": 0, "step": None, "power": None,
        "known_by": [[[], [], [0], [0]], [[], [], [1], [1]]], "deck": 40, "discard": ["9c"],
        "snappable": True, "caller": None, "give": None, "setup_peeks": [0, 0],
        "end": None, "scores": None,
        "hands": [["??", "??", "Qs", "Kh"], ["??", "??", "??", "??"]], "drawn": None,
    }  # fmt: skip
    view.update(changes)
    return view


def test_cambio_memory_aid_shows_or_hides_the_cards_you_have_seen(live_server, page_factory):
    from playwright.sync_api import expect  # the card's name as a screen reader gets it

    page = page_factory(DESKTOP)
    open_home(page, live_server.url)
    legal = [{"type": "draw"}, {"type": "call"}]
    table = mount(page, "cambio", cambio_view(memory_aid=True), legal)
    card = table.locator("[data-k='h:0:2']")
    assert "up" in card.get_attribute("class").split()
    expect(card).to_have_accessible_name("queen of spades, slot 3")
    table = mount(page, "cambio", cambio_view(memory_aid=False), legal)
    card = table.locator("[data-k='h:0:2']")
    assert "down" in card.get_attribute("class").split()
    expect(card).to_have_accessible_name("face-down card, slot 3")


def test_cambio_snap_is_a_mode_and_give_takes_one_of_your_cards(live_server, page_factory):
    page = page_factory(DESKTOP)
    open_home(page, live_server.url)
    legal = [{"type": "draw"}, {"type": "call"}] + [
        {"type": "snap", "seat": 0, "slot": i} for i in range(4)
    ]
    table = mount(page, "cambio", cambio_view(), legal)
    # A stray click on my card does not snap: only the Snap mode makes my cards targets.
    assert table.locator(".me .target").count() == 0
    table.locator("[data-action='snap']").click()
    assert table.locator(".me .target").count() == 4
    table.locator("[data-k='h:0:1']").click()
    assert sent(page) == [{"type": "snap", "seat": 0, "slot": 1}]
    # After snapping an opponent's card (anytime rule): give one of mine.
    hands = [["??", None, "Qs", "Kh"], ["??", None, "??", "??"]]
    view = cambio_view(hands=hands, give={"seat": 0, "to": [1, 1]})
    table = mount(page, "cambio", view, [{"type": "give", "slot": i} for i in (0, 2, 3)])
    assert "empty slot" in table.locator(".prompt-text").inner_text()
    assert table.locator(".opponents .target").count() == 0
    table.locator("[data-k='h:0:3']").click()
    assert sent(page) == [{"type": "give", "slot": 3}]
