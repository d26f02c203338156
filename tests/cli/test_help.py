"""``cardtable --help`` and every command's ``--help`` as a newcomer reads them on an
80-column terminal (and a narrower one): whole option names, no type tags on flags, and a
whole first sentence for each command in the list."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
import typer
from typer.testing import CliRunner

from cardtable.cli.main import app, first_sentence

COMMAND = typer.main.get_command(app)
assert isinstance(COMMAND, typer.core.TyperGroup)
NAMES = list(COMMAND.commands)
WIDTHS = [80, 60]


def help_text(args: list[str], columns: int) -> str:
    result = CliRunner().invoke(
        app, [*args, "--help"], prog_name="cardtable", terminal_width=columns
    )
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize("name", ["", *NAMES])
def test_help_fits_the_terminal_and_names_every_option_whole(name: str, columns: int) -> None:
    text = help_text([name] if name else [], columns)
    assert "…" not in text and "..." not in text.replace("]...", "")
    assert "<bool>" not in text
    assert max(len(line) for line in text.splitlines()) <= columns
    command = COMMAND.commands[name] if name else COMMAND
    for param in command.params:
        for opt in param.opts:
            if opt.startswith("--"):
                assert re.search(rf"(^|\s){re.escape(opt)}(\s|$)", text, re.M), opt


@pytest.mark.parametrize("columns", WIDTHS)
def test_the_command_list_gives_each_command_a_whole_first_sentence(columns: int) -> None:
    text = help_text([], columns)
    listing = text.split("Commands:\n", 1)[1]
    descriptions = dict.fromkeys(NAMES, "")
    current = ""
    for line in listing.splitlines():
        words = line.split()
        if words and words[0] in descriptions and line.startswith(f"  {words[0]} "):
            current, words = words[0], words[1:]
        descriptions[current] += " " + " ".join(words)
    for name, described in descriptions.items():
        said = " ".join(described.split()).replace("- ", "-")  # undo a break after a hyphen
        assert said.endswith(".") and said[0].isupper(), (name, said)
        assert said == first_sentence(COMMAND.commands[name].help or ""), name


def test_the_installed_command_reads_the_terminal_width() -> None:
    env = {**os.environ, "COLUMNS": "60"}
    out = subprocess.run(
        [sys.executable, "-m", "cardtable", "serve", "--help"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        timeout=60,
    ).stdout
    assert max(len(line) for line in out.splitlines()) <= 60
    assert "--max-sockets-per-address N" in out
