"""The custom fences (``zohn-ahl``, ``awithlaknannai``, ``answer``, ``zohn-ahl-sticks``,
``awithlaknannai-puzzles``) for pymdownx.superfences, and the one fence scanner of the
build (:func:`find_fences`, also used by the lab's blocks).

A :class:`FenceRenderer` holds one build's state: :meth:`FenceRenderer.custom_fences`
returns the entries that :func:`register` puts into superfences' ``custom_fences`` (the
plugin, :mod:`build_scripts.plugin`, at the start of each build); superfences calls its
``format_block`` for each block; the plugin tells it which page is being rendered and in
which language
(:meth:`FenceRenderer.begin_page`), because a fence formatter is not told.

A bad block must fail the build, naming the file, the block and the reason. Superfences
swallows ordinary exceptions raised by a formatter (the block would silently become a code
block), so the formatter raises ``SuperFencesException``, and it also records the error so
that the plugin can raise a ``PluginError`` after the page is rendered (``on_page_content``)
in case anything between superfences and MkDocs drops the exception.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from markdown import Markdown
from mkdocs.exceptions import PluginError
from pymdownx.superfences import SuperFencesException

from build_scripts.aids import is_student_page, page_default
from build_scripts.answer_blocks import check_answer, render_answer
from build_scripts.block_syntax import BlockError
from build_scripts.board_blocks import auto_id, render_board
from build_scripts.games import BLOCKS, BOARDS
from engine.core import EngineError

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig


def is_lesson(src_path: str) -> bool:
    """A page for teachers (a lesson and its exercises)."""
    return "/teachers/" in "/" + src_path.replace("\\", "/")


FENCES = (*BOARDS, "answer", *BLOCKS)
"""Every custom fence: each game's board block, the answer block, the games' further blocks
(:mod:`build_scripts.games`)."""
_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<lang>[\w.+-]*)")


@dataclass
class Fence:
    """One fenced block of a page's Markdown, as lines: the opening fence at ``start``, the
    closing one at ``end`` (``len(lines)`` when the page ends first)."""

    start: int
    end: int
    language: str
    indent: int  # the opening fence's indentation

    def body(self, lines: list[str]) -> list[str]:
        """The lines between the two fences."""
        return lines[self.start + 1 : self.end]


def find_fences(lines: list[str]) -> list[Fence]:
    """Every top-level fenced block of ``lines`` (a block shown inside another fence is
    part of that fence's body, not a block)."""
    found: list[Fence] = []
    i = 0
    while i < len(lines):
        m = _OPEN.match(lines[i])
        if not m:
            i += 1
            continue
        fence = m.group("fence")
        closing = re.compile(
            r"^[ \t]*" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}[ \t]*$"
        )
        j = i + 1
        while j < len(lines) and not closing.match(lines[j]):
            j += 1
        found.append(Fence(i, j, m.group("lang"), len(m.group("indent"))))
        i = j + 1
    return found


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
    aids: bool = True  # the page's default for its boards' aids (build_scripts.aids)

    def locate(self, language: str, source: str) -> ScannedBlock:
        """The scanned block superfences is rendering (superfences does not say which)."""
        norm = source.strip()
        for block in self.blocks:
            if not block.used and block.language == language and block.source.strip() == norm:
                block.used = True
                return block
        for block in self.blocks:
            if not block.used and block.language == language:
                block.used = True
                return block
        number = len(self.blocks) + self.rendered + 1
        return ScannedBlock(number, language, 0, source, True)


class BlockFailure(SuperFencesException, PluginError):
    """A board or answer block that the build refuses; the message names file, block, reason.

    A ``SuperFencesException`` so that superfences lets it through, and a MkDocs
    ``PluginError`` so that MkDocs stops with the message and no traceback."""


def scan_blocks(markdown: str) -> list[ScannedBlock]:
    """Find the custom blocks of a page (not those shown inside another fence)."""
    blocks: list[ScannedBlock] = []
    lines = markdown.splitlines()
    for fence in find_fences(lines):
        if fence.language in FENCES:
            indent = fence.indent
            text = "\n".join(
                line[indent:] if line[:indent].strip() == "" else line for line in fence.body(lines)
            )
            blocks.append(ScannedBlock(len(blocks) + 1, fence.language, fence.start + 1, text))
    return blocks


def describe(block: ScannedBlock) -> str:
    where = f", line {block.line}" if block.line else ""
    first = next((line.strip() for line in block.source.splitlines() if line.strip()), "")
    return f"block {block.number} (```{block.language}{where}: {first!r})"


def render_block(
    language: str,
    source: str,
    lang: str,
    ids: set[str],
    number: int,
    src_path: str = "",
    aids: bool | None = None,
    memo: dict[str, dict[str, Any]] | None = None,
) -> str:
    """Check one block of the page ``src_path`` and return its HTML (raises BlockError or
    EngineError). ``aids`` is the page's default for its boards' aids
    (:mod:`build_scripts.aids`; ``None``: by where the page lives); ``memo``: what the
    build's further blocks remember, by block name (``None``: nothing, a build of one block)."""
    if aids is None:
        aids = page_default(src_path)
    if memo is None:
        memo = {}
    if language == "answer":
        return render_answer(check_answer(source), lang)
    if language in BLOCKS:
        return BLOCKS[language](source, lang, ids, memo.setdefault(language, {}))
    game = BOARDS[language]
    config = game.board(source, is_lesson(src_path), aids, is_student_page(src_path))
    element_id = config["id"] or auto_id(language, number)
    if element_id in ids:
        raise BlockError(f"id {element_id!r} is used by another board on this page")
    ids.add(element_id)
    return render_board(config, lang, element_id, game.drawing)


class FenceRenderer:
    """The custom fences of one build: the page being rendered (superfences does not tell
    a formatter) and every block refused so far, for the plugin to report.

    The plugin makes one and register :meth:`custom_fences` with superfences; they call
    :meth:`begin_page` before each page's Markdown is converted, read ``page.errors``
    after it, and ``errors`` once the build is done."""

    def __init__(self) -> None:
        self.page = PageContext()
        self.errors: list[str] = []
        self.memo: dict[str, dict[str, Any]] = {}
        """What the build's further blocks remember, by block name (the puzzles checked)."""

    def begin_page(
        self, src_path: str, lang: str, markdown: str, meta: dict[str, object] | None = None
    ) -> PageContext:
        """Start a page: its file (for the messages), its language, its blocks and, from
        its front matter (``meta``), its boards' default aids. A bad ``aids`` value stops
        the build naming the file."""
        try:
            aids = page_default(src_path, (meta or {}).get("aids"))
        except ValueError as err:
            self.page = PageContext(src_path=src_path, lang=lang)
            raise self._refuse(f"{src_path}: {err}") from None
        self.page = PageContext(
            src_path=src_path, lang=lang, blocks=scan_blocks(markdown), aids=aids
        )
        return self.page

    def _refuse(self, message: str) -> BlockFailure:
        self.page.errors.append(message)
        self.errors.append(message)
        return BlockFailure(message)

    def format_block(
        self,
        source: str,
        language: str,
        class_name: str,
        options: dict[str, object],
        md: Markdown,
        **kwargs: object,
    ) -> str:
        """The superfences formatter of the custom fences."""
        page = self.page
        block = page.locate(language, source)
        page.rendered += 1
        try:
            if kwargs.get("id_value") or kwargs.get("classes"):
                raise BlockError(
                    "the opening line takes no {#id .class} attributes: write "
                    "'id: ...' as a line inside the block"
                )
            return render_block(
                language,
                source,
                page.lang,
                page.ids,
                block.number,
                page.src_path,
                page.aids,
                self.memo,
            )
        except (BlockError, EngineError) as err:
            message = f"{page.src_path}: {describe(block)}: {err}"
        except Exception as err:  # noqa: BLE001 - a bug must fail the build too, with its name
            message = (
                f"{page.src_path}: {describe(block)}: internal error {type(err).__name__}: {err}"
            )
        raise self._refuse(message)

    def validate_block(
        self,
        language: str,
        inputs: dict[str, str],
        options: dict[str, object],
        attrs: dict[str, object],
        md: Markdown,
    ) -> bool:
        """Accept the fence only without header options (```` ```zohn-ahl ```` alone on its
        line)."""
        if inputs:
            names = ", ".join(sorted(inputs))
            raise self._refuse(
                f"{self.page.src_path}: a ```{language} block takes no options on its "
                f"opening line (found {names}); write them as 'key: value' lines inside"
            )
        return True

    def custom_fences(self) -> list[dict[str, object]]:
        """The superfences ``custom_fences`` entries for the custom blocks."""
        return [
            {
                "name": name,
                "class": f"block-{name}",
                "format": self.format_block,
                "validator": self.validate_block,
            }
            for name in FENCES
        ]


def register(config: MkDocsConfig, renderer: FenceRenderer) -> None:
    """Register ``renderer``'s custom fences with pymdownx.superfences in ``config`` (in
    place of any an earlier build registered: each build has its own renderer)."""
    if "pymdownx.superfences" not in config["markdown_extensions"]:
        config["markdown_extensions"].append("pymdownx.superfences")
    superfences = config["mdx_configs"].setdefault("pymdownx.superfences", {})
    entries = superfences.setdefault("custom_fences", [])
    ours = {entry["name"]: entry for entry in renderer.custom_fences()}
    entries[:] = [ours.pop(entry.get("name"), entry) for entry in entries]
    entries.extend(ours.values())


def raise_refused(renderer: FenceRenderer) -> None:
    """Fail the build if a block of the page just rendered was refused (the fence also
    raises, this is the safety net); the message names the file, the block and the reason."""
    if renderer.page.errors:
        raise PluginError(
            "A board or answer block is wrong:\n  " + "\n  ".join(renderer.page.errors)
        )


def raise_all_refused(renderer: FenceRenderer) -> None:
    """Fail the build if any block of the build was refused."""
    if renderer.errors:
        raise PluginError("Board or answer blocks are wrong:\n  " + "\n  ".join(renderer.errors))
