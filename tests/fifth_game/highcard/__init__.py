"""High card: the small fifth game of issue 21's acceptance test, written as a game from
outside the house would be (one package, one registry line). Rules in ``rules.md``."""
