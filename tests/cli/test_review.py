"""Issue 22: ``cardtable play --save FILE`` writes a game that ``cardtable review FILE
--seat N`` replays and reviews; the JSON review is the library's, seed for seed; bad files,
unfinished games and missing seats are refused with a message that names them."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.review import Budget, GameRecord, review_game

runner = CliRunner()


def saved_game(path: Path) -> GameRecord:
    """A whole game played through the terminal (always the first choice) and saved."""
    answers = "\n".join(["1"] * 600) + "\n"
    args = ["play", "cambio", "players=2", "--seed", "5", "--level", "easy", "--save", str(path)]
    result = runner.invoke(app, args, input=answers)
    assert result.exit_code == 0, result.output
    assert f"Saved to {path}" in result.output
    return GameRecord.from_json(json.loads(path.read_text()))


def test_a_saved_game_is_reviewed_as_the_library_reviews_it(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    record = saved_game(path)
    assert record.game == "cambio" and record.seed == 5 and record.seats[0] == "you"
    args = ["review", str(path), "--seat", "0", "--budget", "20", "--seed", "3", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    printed = json.loads(result.output)
    assert printed == review_game(record, 0, Budget(20, Budget().per_game), seed=3)
    text = runner.invoke(app, ["review", str(path), "--seat", "1", "--budget", "20"])
    assert text.exit_code == 0, text.output
    assert "Accuracy" in text.output and "simulations" in text.output


def test_bad_files_unfinished_games_and_seats_are_refused_by_name(tmp_path: Path) -> None:
    missing = runner.invoke(app, ["review", str(tmp_path / "none.json")])
    assert missing.exit_code != 0 and "Cannot read" in missing.output
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    assert "is not JSON" in runner.invoke(app, ["review", str(junk)]).output
    record = saved_game(tmp_path / "game.json")
    short = tmp_path / "short.json"
    data = record.to_json()
    data["actions"] = data["actions"][:4]
    short.write_text(json.dumps(data))
    unfinished = runner.invoke(app, ["review", str(short)])
    assert unfinished.exit_code != 0 and "not over" in unfinished.output
    seat = runner.invoke(app, ["review", str(tmp_path / "game.json"), "--seat", "4"])
    assert seat.exit_code != 0 and "no seat 4" in seat.output
