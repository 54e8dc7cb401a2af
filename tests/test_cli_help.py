"""`ttr-nb` explains itself (issue 20): every option has a help text and its default, the
variants and players are listed, examples close the help, `--version` answers, and a wrong
name is answered with the valid ones."""
from __future__ import annotations

import argparse

import pytest

import ttr_nb
from ttr_nb.agents import AGENTS
from ttr_nb.board import MAP_NAMES
from ttr_nb.cli import build_parser, main
from ttr_nb.variants import variants


def _subparsers(p: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    act = next(a for a in p._actions if isinstance(a, argparse._SubParsersAction))
    return dict(act.choices)


def test_version(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0
    assert capsys.readouterr().out.strip() == f"ttr_nb {ttr_nb.__version__}"


def test_top_help_lists_variants_players_maps_and_examples():
    text = build_parser().format_help()
    for name in [*variants(), *AGENTS, *MAP_NAMES]:
        assert name in text, name
    assert "examples:" in text and "ttr-nb best-score" in text


@pytest.mark.parametrize("command", sorted(_subparsers(build_parser())))
def test_every_option_of_every_command_has_help(command):
    sub = _subparsers(build_parser())[command]
    bare = [a.dest for a in sub._actions if not a.help and a.dest != "help"]
    assert not bare, f"{command}: options without help: {bare}"
    assert sub.description and (sub.epilog or "").strip(), command
    for a in sub._actions:
        d = a.default
        if a.option_strings and not (d is None or d is False or d == argparse.SUPPRESS):
            shown = sub._get_formatter()._get_help_string(a) % {"default": a.default}
            assert "default" in shown, (command, a.dest)


def test_check_map_with_an_unknown_name_lists_the_shipped_maps(capsys):
    assert main(["check-map", "usaa"]) == 1
    out = capsys.readouterr().out
    assert "usaa" in out and all(m in out for m in MAP_NAMES)


def test_an_unknown_variant_is_answered_with_the_variants(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--variant", "usaa"])
    err = capsys.readouterr().err
    assert "usaa" in err and all(v in err for v in variants())
