"""Board options for the engine's judgement (``analysis``, ``hint``) and the puzzle block,
checked as the build checks them (no site build needed)."""

from __future__ import annotations

import re

import pytest

from build_scripts.block_syntax import BlockError
from build_scripts.board_blocks import awithlaknannai_config
from build_scripts.fences import is_lesson, render_block


def test_analysis_and_hint_default_by_page():
    assert awithlaknannai_config("ruleset: culin")["analysis"] is True
    assert awithlaknannai_config("ruleset: culin")["hint"] is True
    lesson = awithlaknannai_config("ruleset: culin", lesson=True)
    assert lesson["analysis"] is False and lesson["hint"] is False
    on = awithlaknannai_config("hint: on\nanalysis: on", lesson=True)
    assert on["analysis"] is True and on["hint"] is True
    assert is_lesson("docs/teachers/forced-captures.md")
    assert not is_lesson("docs/awithlaknannai/rules.md")


def test_bad_option_value_names_the_line():
    with pytest.raises(BlockError, match=r"line 2 of the block: hint 'yes' is not one of: on, off"):
        awithlaknannai_config("ruleset: culin\nhint: yes")


def test_puzzle_block_filters_by_level_and_refuses_unknown_keys():
    html = render_block("awithlaknannai-puzzles", "level: hard", "en", set(), 1)
    assert 'data-level="hard"' in html and 'data-level="easy"' not in html
    # every puzzle has its board, drawn by the build, its controls disabled until it runs
    sections = html.count('<section class="puzzle"')
    boards = re.findall(
        r'<div class="board" data-puzzle="true" data-game="awithlaknannai" id="(puzzle-\d+)-board"'
        r'.*?<div class="board-svg" data-role="board"[^>]*><svg.*?data-point=.*?<button[^>]* disabled',
        html,
        flags=re.S,
    )
    assert sections >= 4 and len(boards) == sections
    with pytest.raises(BlockError, match="unknown key 'ruleset'"):
        render_block("awithlaknannai-puzzles", "ruleset: culin", "en", set(), 1)
    with pytest.raises(BlockError, match="level 'expert'"):
        render_block("awithlaknannai-puzzles", "level: expert", "en", set(), 1)
