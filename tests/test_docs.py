"""The README's command reference is what `cog -r README.md` generates from --help,
and every command and option has help text."""

from pathlib import Path

import pytest
from cogapp import Cog
from typer.main import get_command

from memcli.cli import app

README = Path(__file__).parent.parent / "README.md"
COMMANDS = get_command(app)  # typer's group (typer ships its own click)


def test_readme_command_reference_is_current():
    text = README.read_text(encoding="utf-8")
    assert "<!-- [[[cog" in text and "<!-- [[[end]]] -->" in text
    generated = Cog().process_string(text, fname=str(README))
    assert generated == text, "README.md's command reference is out of date: run `cog -r README.md`"


@pytest.mark.parametrize("name", sorted(COMMANDS.commands))
def test_every_command_has_help_and_a_reference_section(name):
    command = COMMANDS.commands[name]
    assert (command.help or "").strip(), f"`memcli {name}` has no help"
    for param in command.params:
        if getattr(param, "hidden", False):
            continue
        assert (getattr(param, "help", None) or "").strip(), f"`memcli {name}`: {param.name} has no help"
    assert f"### `memcli {name}`" in README.read_text(encoding="utf-8"), f"README has no reference for {name}"


def test_the_top_level_options_have_help():
    for param in COMMANDS.params:
        assert (getattr(param, "help", None) or "").strip(), f"memcli {param.name} has no help"
