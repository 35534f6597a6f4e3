"""The custom fences (``zohn-ahl``, ``awithlaknannai``, ``answer``, ``zohn-ahl-sticks``) for
pymdownx.superfences.

:func:`custom_fences` returns the entries that :mod:`build_scripts.hooks` appends to
superfences' ``custom_fences`` in ``on_config``. Superfences calls :func:`format_block` for
each block; the hooks tell this module which page is being rendered and in which language
(:func:`begin_page`), because a fence formatter is not told.

A bad block must fail the build, naming the file, the block and the reason. Superfences
swallows ordinary exceptions raised by a formatter (the block would silently become a code
block), so the formatter raises ``SuperFencesException``, and it also records the error so
that the hooks can raise a ``PluginError`` after the page is rendered (``on_page_content``)
in case anything between superfences and MkDocs drops the exception.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from mkdocs.exceptions import PluginError
from pymdownx.superfences import SuperFencesException

from build_scripts.answer_blocks import check_answer, render_answer
from build_scripts.block_syntax import BlockError
from build_scripts.board_blocks import (
    auto_id,
    awithlaknannai_config,
    render_board,
    render_sticks,
    zohn_ahl_config,
)
from build_scripts.puzzle_blocks import render_puzzles
from engine.core import EngineError


def is_lesson(src_path: str) -> bool:
    """A page for teachers (a lesson and its exercises)."""
    return "/teachers/" in "/" + src_path.replace("\\", "/")


FENCES = ("zohn-ahl", "awithlaknannai", "answer", "zohn-ahl-sticks", "awithlaknannai-puzzles")
_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<lang>[\w.+-]*)")


@dataclass
class ScannedBlock:
    number: int  # 1-based among this page's custom blocks
    language: str
    line: int  # line of the opening fence in the Markdown source
    source: str
    used: bool = False


@dataclass
class PageContext:
    src_path: str = "<unknown page>"
    lang: str = "en"
    blocks: list[ScannedBlock] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)
    errors: list[str] = field(default_factory=list)
    rendered: int = 0


CURRENT = PageContext()
ALL_ERRORS: list[str] = []


class BlockFailure(SuperFencesException, PluginError):
    """A board or answer block that the build refuses; the message names file, block, reason.

    A ``SuperFencesException`` so that superfences lets it through, and a MkDocs
    ``PluginError`` so that MkDocs stops with the message and no traceback."""


def scan_blocks(markdown: str) -> list[ScannedBlock]:
    """Find the custom blocks of a page (not those shown inside another fence)."""
    blocks: list[ScannedBlock] = []
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        m = _OPEN.match(lines[i])
        if not m:
            i += 1
            continue
        fence, lang = m.group("fence"), m.group("lang")
        closing = re.compile(
            r"^[ \t]*" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}[ \t]*$"
        )
        j = i + 1
        body = []
        while j < len(lines) and not closing.match(lines[j]):
            body.append(lines[j])
            j += 1
        if lang in FENCES:
            indent = len(m.group("indent"))
            text = "\n".join(
                line[indent:] if line[:indent].strip() == "" else line for line in body
            )
            blocks.append(ScannedBlock(len(blocks) + 1, lang, i + 1, text))
        i = j + 1
    return blocks


def begin_page(src_path: str, lang: str, markdown: str) -> None:
    """Called by the hooks before a page's Markdown is converted."""
    global CURRENT
    CURRENT = PageContext(src_path=src_path, lang=lang, blocks=scan_blocks(markdown))


def _locate(language: str, source: str) -> ScannedBlock:
    norm = source.strip()
    for block in CURRENT.blocks:
        if not block.used and block.language == language and block.source.strip() == norm:
            block.used = True
            return block
    for block in CURRENT.blocks:
        if not block.used and block.language == language:
            block.used = True
            return block
    number = len(CURRENT.blocks) + CURRENT.rendered + 1
    return ScannedBlock(number, language, 0, source, True)


def describe(block: ScannedBlock) -> str:
    where = f", line {block.line}" if block.line else ""
    first = next((line.strip() for line in block.source.splitlines() if line.strip()), "")
    return f"block {block.number} (```{block.language}{where}: {first!r})"


def render_block(language: str, source: str, lang: str, ids: set[str], number: int) -> str:
    """Check one block and return its HTML (raises BlockError or EngineError)."""
    if language == "answer":
        return render_answer(check_answer(source), lang)
    if language == "zohn-ahl-sticks":
        return render_sticks(source, lang, ids)
    if language == "awithlaknannai-puzzles":
        return render_puzzles(source, lang, ids)
    config = (
        zohn_ahl_config(source)
        if language == "zohn-ahl"
        else awithlaknannai_config(source, lesson=is_lesson(CURRENT.src_path))
    )
    element_id = config["id"] or auto_id(language, number)
    if element_id in ids:
        raise BlockError(f"id {element_id!r} is used by another board on this page")
    ids.add(element_id)
    return render_board(config, lang, element_id)


def format_block(source, language, class_name, options, md, **kwargs):
    """The superfences formatter of the custom fences."""
    block = _locate(language, source)
    CURRENT.rendered += 1
    try:
        if kwargs.get("id_value") or kwargs.get("classes"):
            raise BlockError(
                "the opening line takes no {#id .class} attributes: write "
                "'id: ...' as a line inside the block"
            )
        return render_block(language, source, CURRENT.lang, CURRENT.ids, block.number)
    except (BlockError, EngineError) as err:
        message = f"{CURRENT.src_path}: {describe(block)}: {err}"
    except Exception as err:  # noqa: BLE001 - a bug must fail the build too, with its name
        message = (
            f"{CURRENT.src_path}: {describe(block)}: internal error {type(err).__name__}: {err}"
        )
    CURRENT.errors.append(message)
    ALL_ERRORS.append(message)
    raise BlockFailure(message)


def validate_block(language, inputs, options, attrs, md):
    """Accept the fence only without header options (```` ```zohn-ahl ```` alone on its line)."""
    if inputs:
        names = ", ".join(sorted(inputs))
        message = (
            f"{CURRENT.src_path}: a ```{language} block takes no options on its "
            f"opening line (found {names}); write them as 'key: value' lines inside"
        )
        CURRENT.errors.append(message)
        ALL_ERRORS.append(message)
        raise BlockFailure(message)
    return True


def custom_fences() -> list[dict]:
    """The superfences ``custom_fences`` entries for the custom blocks."""
    return [
        {
            "name": name,
            "class": f"block-{name}",
            "format": format_block,
            "validator": validate_block,
        }
        for name in FENCES
    ]
