"""Student mode: which aids a board starts with.

An *aid* is anything on a board that could answer an exercise for the reader: the
Chances panel of a Zohn Ahl board, the Hint button, the Engine's view and the game review
of an Awithlaknannai board, and the rings and words that show which pieces can move or
must capture (and where a chosen piece may go). With the aids off a board still plays:
a legal move is accepted and an illegal one refused, in words that do not give the answer
away.

Three levels decide, the most specific first:

1. a block's own ``hint``, ``analysis`` or ``chances`` key decides that one aid;
2. a block's ``aids: on|off`` decides the others on that board;
3. the page's default: its front matter ``aids: on|off`` if it has one, otherwise off on
   the pages for students (``students/``) and on everywhere else. The pages for teachers
   keep their own default for ``hint`` and ``analysis`` (off, so that a lesson's exercise
   keeps its point) while their rings stay on: a teacher reads the answers anyway.

The front matter is read by YAML, which turns a bare ``on``/``off`` into ``True``/``False``;
both spellings are accepted, anything else stops the build naming the page.
"""

from __future__ import annotations

from build_scripts.block_syntax import Pairs, choice

VALUES = ("on", "off")


def is_student_page(src_path: str) -> bool:
    """A page for students (the lessons' exercises, handed out by a teacher)."""
    return "/students/" in "/" + src_path.replace("\\", "/")


def page_default(src_path: str, meta_value: object = None) -> bool:
    """Whether a page's boards start with their aids on: the front matter's ``aids``
    (``meta_value``, ``None`` when the page has none), or by where the page lives.

    Raises ``ValueError`` quoting a value that is neither on nor off."""
    if meta_value is None:
        return not is_student_page(src_path)
    if meta_value is True or meta_value == "on":
        return True
    if meta_value is False or meta_value == "off":
        return False
    raise ValueError(f"front matter aids {meta_value!r} is not one of: on, off")


def block_aids(pairs: Pairs, page_aids: bool) -> bool:
    """A block's aids: its own ``aids`` key, or the page's default (raises BlockError
    naming the line for a value other than on or off)."""
    return choice(pairs, "aids", VALUES, "on" if page_aids else "off") == "on"


def aid(pairs: Pairs, key: str, default: bool) -> bool:
    """One aid (``hint``, ``analysis``...): the block's own key if it has one (raises
    BlockError naming the line for a bad value), otherwise ``default``."""
    return choice(pairs, key, VALUES, "on" if default else "off") == "on"
