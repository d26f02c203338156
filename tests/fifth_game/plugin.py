"""A pytest plugin that registers High card by its one registry line, so that a suite
written over ``games.names()`` (tests/conformance) runs over it too:
``python -m pytest -p tests.fifth_game.plugin tests/conformance -k highcard``."""

from cardtable import games

games.register("highcard", "tests.fifth_game.highcard.package:PACKAGE")
