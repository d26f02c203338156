"""``cardtable play``'s menus fit a 40-row terminal with the board: a Jack's swap (120
choices at four seats) is chosen card by card, and a long flat list is paged."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from cardtable.cli import menu
from cardtable.cli.main import app

runner = CliRunner()
CHOICE = re.compile(r"^\s+(\d+)  \S", re.M)


def play(args: list[str], answers: list[str]) -> str:
    result = runner.invoke(app, ["play", "cambio", *args], input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    return result.output


def menus(output: str) -> list[int]:
    """How many numbered choices each prompt showed."""
    return [len(CHOICE.findall(block)) for block in output.split("Your choice:")[:-1]]


def test_a_jack_swap_is_chosen_card_by_card_in_menus_that_fit() -> None:
    # Seed 7: seat 0's first draw is the J♦. Draw, discard it, then: swap, back, swap,
    # the first card (seat 0's slot 1), the second (the 5th choice: seat 1's slot 2).
    output = play(["--seed", "7"], ["1", "1", "1", "b", "1", "1", "5", "q"])
    assert "Swap two cards" in output
    assert "Swap two cards › seat 0's slot 1" in output
    assert "You swapped your slot 1 with seat 1's slot 2" in output
    shown = menus(output)
    assert max(shown) <= menu.LIMIT
    assert 121 not in shown  # the old single menu: 120 swaps and "skip"


def test_at_six_seats_a_card_is_chosen_by_its_seat_first() -> None:
    # Seed 0, six players: seat 0 draws the J♠. Discard it; swap seat 2's slot 2 with
    # seat 3's slot 4, choosing seat, slot, the other seat, then the card.
    answers = ["1", "1", "1", "3", "2", "4", "4", "q"]
    output = play(["--seed", "0", "players=6"], answers)
    assert "Swap two cards › seat 2's cards › seat 2's slot 2 › with seat 3's cards" in output
    assert "You swapped seat 2's slot 2 with seat 3's slot 4" in output
    assert max(menus(output)) <= menu.LIMIT


def test_a_long_flat_list_is_shown_a_page_at_a_time() -> None:
    root = menu.build(list(range(45)), menu.flat)
    lines = menu.choices(root, str)
    pages = [menu.page(lines, n) for n in range(3)]
    assert [(start, len(shown)) for start, shown, _ in pages] == [(0, 20), (20, 20), (40, 5)]
    assert {count for _, _, count in pages} == {3}
    assert [c.action for _, shown, _ in pages for c in shown] == list(range(45))


def test_caravan_pages_its_opening_choices_and_takes_any_number_on_any_page() -> None:
    # Seed 2: seat 0's opening has 21 choices. Page on, back, and take the 21st from page 1.
    result = runner.invoke(app, ["play", "caravan", "--seed", "2"], input="n\nn\np\n21\nq\n")
    assert result.exit_code == 0, result.output
    assert "page 1 of 2" in result.output and "page 2 of 2" in result.output
    assert " 21  Play 4♠ on your caravan 3" in result.output
    assert "'n' is not one of the choices" in result.output  # no page after the last
    assert "You play 4♠ on your caravan 3" in result.output
    assert max(menus(result.output)) <= menu.LIMIT
