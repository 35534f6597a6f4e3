"""Answer fields on the students' pages, their "Hand in" section, and the class results page
(a step of the site's plugin, :mod:`build_scripts.plugin`).

Each lesson has a teachers' page (``docs/teachers/x.md``, with its ```` ```answer ````
blocks, checked by the engine: :mod:`build_scripts.answer_blocks`) and a students' page
(``docs/students/x.md``, the same exercises, no answers). This hook pairs them by the
exercise headings' ids (``{ #exercise-3a }``) and writes, into the students' page as it is
built:

- after each exercise whose teachers' section holds answer blocks, one answer field per
  block ("Answer to exercise 3a"; "..., part 2 of 5" when the exercise has several). An
  exercise without an answer block keeps its paper space. The page holds only salted
  hashes of each answer's canonical form (:mod:`build_scripts.answer_keys` explains the
  forms, the hash and why the moves need no engine in the page), so the answers are not
  in its source;
- where the students' page has the line ``<!-- tally-form -->``, a form for the pair's own
  tally of throws (counts of 0 to 4 marks), which the hand-in code can carry;
- around each board block that has an ``after:`` line (a board that starts from an
  earlier exercise's answer), a wrapper that keeps it shut until that answer is right
  (:func:`gated_boards`);
- at its foot, a "Hand in" section: a name or initials, and the code of
  ``spec/hand-in-code.md`` with its QR code (drawn by the page's script
  ``docs/assets/js/answers/fields.js`` through ``docs/assets/js/qr.js``).

The teachers' results page (``docs/teachers/results.md``) gets, in place of its line
``<!-- class-results -->``, the reader of codes (``docs/assets/js/answers/results.js``)
and the list of lessons it reads: each lesson's number, version, fields and links.

A lesson's teachers' page gets, in place of its line ``<!-- run-sheet -->``, the lesson's
run-sheet (:func:`run_sheet_html`): the students' page's address and QR code, the papers,
the minutes for handing in and the results page with the lesson chosen.

The answer keys come from the teachers' pages in both languages: the build fails, naming
the files, when the French key differs from the English one, when an answer block's
exercise has no heading on the students' page, when a students' exercise has no twin on
the teachers' page, or when two lessons' numbers collide. A lesson's **number** (10 bits)
comes from a hash of its page name; its **version** (10 bits) from a hash of its answer
keys, so a code made before an answer changed is told apart from the new ones; the page's
saved answers are kept per version too. The words are the ``answers`` section of
:mod:`build_scripts.words`, written into the pages as data attributes for the scripts.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mkdocs.exceptions import PluginError

from build_scripts import answer_keys as keys
from build_scripts.answer_blocks import ANSWER_KEYS, _aw_view, check_answer
from build_scripts.block_syntax import BlockError, parse_pairs
from build_scripts.fences import find_fences
from build_scripts.page_language import built_language
from build_scripts.words import table
from engine import protocol
from engine.core import EngineError
from engine.words import ruleset_name, table_name

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.pages import Page

ROOT = Path(__file__).resolve().parent.parent

TALLY_MARKER = "<!-- tally-form -->"
RESULTS_MARKER = "<!-- class-results -->"
RUN_SHEET_MARKER = "<!-- run-sheet -->"
HAND_IN_MINUTES = 5  # what a run-sheet keeps at the end of a lesson for handing in

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*(?:\{\s*#([\w-]+)\s*\})?\s*$")


@dataclass
class Field:
    """One answer field: ``id`` is the exercise's (``3a``) or ``5.2`` for part 2 of 5."""

    id: str
    exercise: str
    part: int
    parts: int
    kind: str  # number | moves | move | state | outcome
    check: str
    answers: list[str]
    near: list[str]  # a number's rounded forms; the bracketed forms of right captures
    premise: list[tuple[str, dict[str, str]]] = field(default_factory=list)
    # the earlier parts that must be right before this one opens: a part that starts after
    # moves names them, and they may be another part's answer (:func:`gated_by`)
    after: list[str] = field(default_factory=list)
    # a number's forms close to it but coarser than asked; the right captures' chains
    # stopped early (:func:`answer_keys.coarse_forms`, :func:`answer_keys.early_forms`)
    coarse: list[str] = field(default_factory=list)
    early: list[str] = field(default_factory=list)


def gated_by(f: Field, parts: list[Field]) -> list[str]:
    """The ids of the parts before ``f`` in its exercise (``parts``) that start from the
    exercise's own position, when ``f`` starts after moves of its own: its premise names
    them ("After b3xt4." lists a capture an earlier part asks for, or a candidate it asks
    to choose from), so it opens once those are right and its words answer nothing still
    open; otherwise none."""

    def after_moves(p: Field) -> bool:
        return any(key == "moves" for key, _ in p.premise)

    if not after_moves(f):
        return []
    return [p.id for p in parts if p.part < f.part and not after_moves(p)]


@dataclass
class Lesson:
    slug: str
    number: int
    version: int
    fields: list[Field]
    tally: bool
    titles: dict[str, str]

    def salt(self, f: Field) -> str:
        return f"{self.slug}:{self.version}:{f.id}"


def _words(lang: str) -> dict[str, Any]:
    return dict(table(lang)["answers"])


def _fill(template: str, **values: object) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: str(values.get(m.group(1), m.group(0))), template)


# --------------------------------------------------------------------------- reading pages


@dataclass
class Section:
    exercise: str  # "3a"
    start: int  # the heading's line
    end: int  # the first line after the section
    level: int


def exercise_sections(lines: list[str]) -> list[Section]:
    """The exercises of a page: each from its heading to the next heading of its level or
    above, or the next exercise (headings inside fenced blocks do not count)."""
    fenced: set[int] = set()
    for fence in find_fences(lines):
        fenced.update(range(fence.start, min(fence.end, len(lines) - 1) + 1))
    headings = []
    for i, line in enumerate(lines):
        if i in fenced:
            continue
        m = _HEADING.match(line)
        if m:
            headings.append((i, len(m.group(1)), m.group(3) or ""))
    sections = []
    for n, (i, level, anchor) in enumerate(headings):
        if not anchor.startswith("exercise-"):
            continue
        end = len(lines)
        for j, lvl, other in headings[n + 1 :]:
            if lvl <= level or other.startswith("exercise-"):
                end = j
                break
        sections.append(Section(anchor[len("exercise-") :], i, end, level))
    return sections


def _answer_blocks(lines: list[str], section: Section) -> list[tuple[str, int]]:
    out = []
    for fence in find_fences(lines[section.start : section.end]):
        if fence.language == "answer":
            body = lines[section.start + fence.start + 1 : section.start + fence.end]
            indent = fence.indent
            out.append(("\n".join(x[indent:] for x in body), section.start + fence.start + 1))
    return out


# --------------------------------------------------------------------------- the keys


def _move_key(view: dict[str, Any], where: str) -> dict[str, str]:
    """Canonical form -> engine notation for every legal move of ``view``; checks that
    the long (bracketed) notation of each is accepted and that the canonical forms differ."""
    out: dict[str, str] = {}
    for move in view["legal"]:
        notation = str(move["notation"])
        canon = keys.canonical_move(notation)
        if canon is None or canon in out:
            raise PluginError(
                f"{where}: the moves {out.get(canon or '', '?')} and {notation} cannot be "
                "told apart without their brackets, so the students' page cannot check "
                "this answer; choose another position"
            )
        if move["captured"]:
            long = move["path"][0] + "".join(
                f"x({over}){land}" for over, land in zip(move["captured"], move["path"][1:])
            )
            played = protocol.dispatch(
                "awithlaknannai.play", {"record": view["record"], "move": long}
            )
            if played["move"]["notation"] != notation:
                raise PluginError(f"{where}: the engine reads {long} as another move")
        out[canon] = notation
    return out


def _bracketed(view: dict[str, Any], right: list[str]) -> list[str]:
    """The bracketed forms of the right captures among the legal moves of ``view`` (a
    move field's ``near`` forms: the page checks a leapt point written in brackets)."""
    forms: list[str] = []
    for move in view["legal"]:
        if move["captured"] and keys.canonical_move(str(move["notation"])) in right:
            forms += keys.bracketed_forms(list(move["path"]), list(move["captured"]))
    return sorted(forms)


def field_key(source: str, where: str) -> tuple[str, str, list[str], list[str], dict[str, str]]:
    """``(check, kind, canonical answers, near forms, premise)`` of one answer block (the
    near forms: a number's rounded forms, or the bracketed forms of the right captures)."""
    try:
        result = check_answer(source)
        pairs = parse_pairs(source, ANSWER_KEYS)
    except (BlockError, EngineError) as err:
        raise PluginError(f"{where}: {err}") from None
    check = str(result["check"])
    premise: dict[str, str] = {
        k: pairs[k][0] for k in ("ruleset", "table", "bias", "moves") if k in pairs
    }
    if "ruleset" in premise:  # the game too: a reader sees the ruleset by its name
        premise["game"] = pairs["game"][0] if "game" in pairs else ""
    if check == "probability":
        value = Fraction(str(result["shown"]))
        return check, "number", [keys.canonical_fraction(value)], keys.near_forms(value), premise
    if check == "state":
        state = keys.canonical_state(str(result["shown"]))
        assert state is not None
        return check, "state", [state], [], premise
    if check == "legal-moves":
        view = _aw_view(pairs)
        table_ = _move_key(view, where)
        right = sorted(table_)
        return check, "moves", [" ".join(right) or "none"], _bracketed(view, right), premise
    if check == "best-capture":
        view = _aw_view(pairs)
        table_ = _move_key(view, where)
        best = keys.canonical_move(str(result["shown"]))
        assert best in table_
        premise["best"] = ""
        return check, "move", [best], _bracketed(view, [best]), premise
    # outcome: with moves, the student finds the last move (every move that ends the same way)
    if "moves" not in pairs:
        return check, "outcome", [str(result["shown"])], [], premise
    moves = pairs["moves"][0].split()
    before = dict(pairs)
    if len(moves) > 1:
        before["moves"] = (" ".join(moves[:-1]), pairs["moves"][1])
    else:
        del before["moves"]
    view = _aw_view(before)
    table_ = _move_key(view, where)
    wanted = _aw_view(pairs)["outcome"]
    accepted = []
    for canon, notation in table_.items():
        after = protocol.dispatch(
            "awithlaknannai.play", {"record": view["record"], "move": notation}
        )
        got = after["outcome"]
        if got and wanted and got["winner"] == wanted["winner"]:
            if "reason" not in pairs or got["reason"] == wanted["reason"]:
                accepted.append(canon)
    if len(moves) > 1:
        premise["moves"] = " ".join(moves[:-1])
    else:
        premise.pop("moves", None)
    premise["win"] = ""
    return check, "move", sorted(accepted), _bracketed(view, accepted), premise


def _bits10(text: str) -> int:
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest()[:3], 16) & 0x3FF


def read_lesson(docs: Path, slug: str) -> Lesson | None:
    """The lesson ``slug`` from its two teachers' pages (None without answer blocks)."""
    per_lang: dict[str, list[Field]] = {}
    titles: dict[str, str] = {}
    tally = False
    for lang, suffix in (("en", ".md"), ("fr", ".fr.md")):
        teacher = docs / "teachers" / (slug + suffix)
        student = docs / "students" / (slug + suffix)
        if not teacher.is_file():
            continue
        lines = teacher.read_text(encoding="utf-8").splitlines()
        title = next((ln[2:].strip() for ln in lines if ln.startswith("# ")), slug)
        titles[lang] = title
        if student.is_file() and TALLY_MARKER in student.read_text(encoding="utf-8"):
            tally = True
        fields: list[Field] = []
        for section in exercise_sections(lines):
            blocks = _answer_blocks(lines, section)
            premises = []
            for part, (source, line) in enumerate(blocks, start=1):
                where = f"docs/teachers/{teacher.name}, exercise {section.exercise}, line {line}"
                check, kind, answers, near, premise = field_key(source, where)
                fid = section.exercise if len(blocks) == 1 else f"{section.exercise}.{part}"
                f = Field(fid, section.exercise, part, len(blocks), kind, check, answers, near)
                if kind == "number":
                    f.coarse = keys.coarse_forms(Fraction(answers[0]))
                elif kind in ("moves", "move"):
                    f.early = keys.early_forms(answers)
                fields.append(f)
                premises.append(premise)
            section_fields = fields[len(fields) - len(blocks) :]
            for f, premise in zip(section_fields, premises):
                f.premise = _premise_words(premise, premises)
            for f in section_fields:
                f.after = gated_by(f, section_fields)
        per_lang[lang] = fields
    if "en" not in per_lang or not per_lang["en"] and not tally:
        return None
    en = per_lang["en"]
    fr = per_lang.get("fr", en)
    sig = [(f.id, f.kind, f.answers) for f in en]
    if sig != [(f.id, f.kind, f.answers) for f in fr]:
        raise PluginError(
            f"docs/teachers/{slug}.fr.md: its answer keys differ from those of "
            f"docs/teachers/{slug}.md (the students' pages check one key in both languages)"
        )
    version = _bits10(json.dumps(sig))
    return Lesson(slug, _bits10(slug), version, en, tally, titles)


def _premise_words(
    premise: dict[str, str], every: list[dict[str, str]]
) -> list[tuple[str, dict[str, str]]]:
    """What tells one part of an exercise from the others, as (word key, values): the
    premise keys whose values differ between its parts, then what the answer is (the best
    capture, the winning move)."""
    out: list[tuple[str, dict[str, str]]] = []
    for key in ("ruleset", "table", "bias", "moves"):
        if key in premise and len({p.get(key) for p in every}) > 1:
            name = {"moves": "moves", "bias": "bias"}.get(key, "name")
            value = premise[key]
            if key == "ruleset":  # read back by _readable with the game it belongs to
                value = f"{premise.get('game', '')}/{value}"
            out.append((key, {name: value}))
    out += [(k, {}) for k in ("best", "win") if k in premise]
    return out


def lessons(docs: Path) -> dict[str, Lesson]:
    """Every lesson of the site, by its page name; fails on two colliding numbers."""
    found: dict[str, Lesson] = {}
    for path in sorted((docs / "students").glob("*.md")):
        if path.name.endswith(".fr.md") or path.stem == "index":
            continue
        lesson = read_lesson(docs, path.stem)
        if lesson is None:
            continue
        for other in found.values():
            if other.number == lesson.number:
                raise PluginError(
                    f"docs/students/{path.name}: its lesson number collides with that of "
                    f"{other.slug}; rename one of the pages"
                )
        found[lesson.slug] = lesson
    return found


# --------------------------------------------------------------------------- HTML


def _attr(value: object) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return html.escape(text, quote=True)


def _readable(key: str, values: dict[str, str], lang: str) -> dict[str, str]:
    """A premise's values as a reader sees them: a ruleset or a stick table by its name in
    ``lang``, never its id."""
    if key == "ruleset":
        game, _, ruleset = values["name"].rpartition("/")
        return {"name": ruleset_name(game, ruleset, lang)}
    if key == "table":
        return {"name": table_name(values["name"], lang)}
    return values


def field_html(lesson: Lesson, f: Field, lang: str) -> str:
    W = _words(lang)
    label = (
        _fill(W["label"], id=f.exercise)
        if f.parts == 1
        else _fill(W["label-part"], id=f.exercise, part=f.part, parts=f.parts)
    )
    hint = " ".join(_fill(W["premise"][k], **_readable(k, v, lang)) for k, v in f.premise)
    hint = (hint + " " if hint else "") + W["hint"][f.kind]
    salt = lesson.salt(f)
    fid = "answer-" + f.id.replace(".", "-")
    answers = " ".join(keys.answer_hash(salt, a) for a in f.answers)
    near = " ".join(keys.answer_hash(salt, a) for a in f.near)
    more = "".join(
        f' data-{name}="{" ".join(keys.answer_hash(salt, a) for a in forms)}"'
        for name, forms in (("coarse", f.coarse), ("early", f.early))
        if forms
    )
    # a part after others (Field.after): its premise and its input stay hidden until they
    # are right (fields.js), a sentence says so
    after = f' data-after="{_attr(" ".join(f.after))}"' if f.after else ""
    locked = (
        f'<p class="answer-locked" data-answer-part="locked">'
        f"{html.escape(_fill(W['locked'], id=f.exercise), quote=False)}</p>\n"
        if f.after
        else ""
    )
    return (
        f'<div class="answer-field" data-answer-field="{_attr(f.id)}" data-kind="{f.kind}" '
        f'data-check="{f.check}" data-salt="{_attr(salt)}" data-answers="{answers}" '
        f'data-near="{near}"{more}{after}>\n'
        f'<label class="answer-label" for="{fid}">{html.escape(label, quote=False)}</label>\n'
        + locked
        + f'<p class="answer-hint" id="{fid}-hint"{" hidden" if f.after else ""}>'
        f"{html.escape(hint, quote=False)}</p>\n"
        f'<p class="answer-row"{" hidden" if f.after else ""}>'
        f'<input type="text" class="answer-input" id="{fid}" '
        f'autocomplete="off" autocapitalize="off" spellcheck="false" '
        f'aria-describedby="{fid}-hint {fid}-feedback"> '
        f'<button type="button" class="answers-button answer-check">{html.escape(W["check"], quote=False)}'
        f"</button></p>\n"
        f'<p class="answer-feedback" id="{fid}-feedback" role="status" aria-live="polite"></p>\n'
        "</div>"
    )


def tally_html(lang: str) -> str:
    T = _words(lang)["tally"]
    cells = "\n".join(
        f'<label class="tally-count">{html.escape(word, quote=False)} <input type="text" inputmode="numeric" '
        f'class="tally-input" data-marks="{k}" size="4" autocomplete="off"></label>'
        for k, word in enumerate(T["marks"])
    )
    return (
        '<fieldset class="tally-form" data-tally-form>\n'
        f"<legend>{html.escape(T['legend'], quote=False)}</legend>\n"
        f'<p class="tally-note">{html.escape(T["note"], quote=False)}</p>\n'
        f'<div class="tally-counts">\n{cells}\n</div>\n'
        '<p class="tally-total" data-tally="total" role="status" aria-live="polite"></p>\n'
        "</fieldset>"
    )


def hand_in_html(lesson: Lesson, lang: str) -> str:
    W = _words(lang)
    H = W["hand-in"]
    data = {
        "slug": lesson.slug,
        "lesson": lesson.number,
        "version": lesson.version,
        "fields": [f.id for f in lesson.fields],
        "tally": lesson.tally,
    }
    return (
        f'<div class="hand-in" data-hand-in="{_attr(data)}" data-words="{_attr(W)}">\n'
        f'<p class="hand-in-lead">{html.escape(H["lead"], quote=False)}</p>\n'
        f'<p class="hand-in-name"><label for="hand-in-name">{html.escape(H["name"], quote=False)}</label> '
        '<input type="text" id="hand-in-name" class="hand-in-name-input" maxlength="40" '
        'autocomplete="off" spellcheck="false"></p>\n'
        '<p class="hand-in-summary" data-hand-in-part="summary"></p>\n'
        f'<p class="hand-in-code-line"><span id="hand-in-code-label">{html.escape(H["code"], quote=False)}</span> '
        '<output class="hand-in-code" data-hand-in-part="code" '
        'aria-labelledby="hand-in-code-label"></output></p>\n'
        f'<p><button type="button" class="answers-button" data-hand-in-part="copy">'
        f"{html.escape(H['copy'], quote=False)}</button></p>\n"
        '<p class="hand-in-status" data-hand-in-part="status" role="status" aria-live="polite"></p>\n'
        f'<canvas class="hand-in-qr" data-hand-in-part="qr" role="img" '
        f'aria-label="{_attr(H["qr"])}" width="200" height="200"></canvas>\n'
        "</div>"
    )


def student_markdown(markdown: str, lesson: Lesson, lang: str, src: str, docs: Path) -> str:
    """The students' page with its fields, tally form and hand-in section (and its boards
    that wait for an earlier answer, :func:`gated_boards`)."""
    lines = gated_boards(markdown.splitlines(), lesson, lang, src)
    sections = exercise_sections(lines)
    here = {s.exercise for s in sections}
    for f in lesson.fields:
        if f.exercise not in here:
            raise PluginError(
                f"{src}: the teachers' page has an answer to exercise {f.exercise}, but this "
                f"page has no heading {{ #exercise-{f.exercise} }} to pair it with"
            )
    taught = {f.exercise for f in lesson.fields}
    teacher = docs / "teachers" / Path(src).name
    teacher_lines = teacher.read_text(encoding="utf-8").splitlines() if teacher.is_file() else []
    teacher_exercises = {s.exercise for s in exercise_sections(teacher_lines)} or taught
    for s in sections:
        if s.exercise not in teacher_exercises:
            raise PluginError(
                f"{src}: exercise {s.exercise} has no twin {{ #exercise-{s.exercise} }} on "
                "the teachers' page, so its answer cannot be paired"
            )
    inserts: dict[int, str] = {}
    for s in sections:
        fields = [f for f in lesson.fields if f.exercise == s.exercise]
        if not fields:
            continue
        end = s.end
        while end > s.start + 1 and not lines[end - 1].strip():
            end -= 1
        inserts[end] = "\n\n".join(field_html(lesson, f, lang) for f in fields)
    out: list[str] = []
    for i, line in enumerate(lines + [""]):
        if i in inserts:
            out += ["", inserts[i], ""]
        if i < len(lines):
            out.append(tally_html(lang) if line.strip() == TALLY_MARKER else line)
    H = _words(lang)["hand-in"]
    out += ["", f"## {H['heading']} {{ #hand-in }}", "", hand_in_html(lesson, lang), ""]
    return "\n".join(out)


BOARD_FENCES = ("zohn-ahl", "awithlaknannai")
_AFTER = re.compile(r"^\s*after\s*:(.*)$")


def without_after(text: str) -> str:
    """A board block's text without its ``after:`` line (:func:`gated_boards`), as the
    board's own reading takes it."""
    return "\n".join(line for line in text.splitlines() if not _AFTER.match(line))


def after_names(text: str) -> list[str]:
    """The exercises or parts a board block's ``after:`` line names (``after: 2`` -> ``["2"]``),
    none for a board that opens at once. The printed worksheet leaves such a board out: its
    position would give away the answer it starts from."""
    return next((m.group(1).split() for line in text.splitlines() if (m := _AFTER.match(line))), [])


def gated_boards(lines: list[str], lesson: Lesson, lang: str, src: str) -> list[str]:
    """The students' page ``lines`` with each board block that has an ``after:`` line (the
    exercises, or parts, whose answers the board starts from: ``after: 2``) wrapped so
    that it opens once those are right (``data-after``, ``fields.js``), a sentence in its
    place until then; the line itself is taken out of the block, which the board's own
    reading does not know. The build fails, naming the file, when a name is no earlier
    exercise or part of the lesson, or when the block is indented."""
    sections = exercise_sections(lines)
    W = _words(lang)
    opening: dict[int, str] = {}  # a gated block's opening fence -> the HTML before it
    closing: set[int] = set()  # its closing fences
    dropped: set[int] = set()  # the after: lines
    for fence in find_fences(lines):
        if fence.language not in BOARD_FENCES:
            continue
        found = [
            (fence.start + 1 + k, m.group(1).split())
            for k, line in enumerate(fence.body(lines))
            if (m := _AFTER.match(line))
        ]
        if not found:
            continue
        at, names = found[0]
        where = f"{src}, line {at + 1}"
        if fence.indent:
            raise PluginError(f"{where}: a board with 'after:' must not be indented")
        here = next((s for s in sections if s.start <= fence.start < s.end), None)
        earlier = {s.exercise for s in sections if here is None or s.start < here.start}
        before = {f.id: f for f in lesson.fields if f.exercise in earlier}
        ids: list[str] = []
        for name in names or [""]:
            chosen = [f.id for f in before.values() if name in (f.id, f.exercise)]
            if not chosen:
                raise PluginError(
                    f"{where}: after: {name!r} names no exercise or part with an answer "
                    f"before this board (expected one of {', '.join(before) or 'none'})"
                )
            ids += [i for i in chosen if i not in ids]
        exercises = ", ".join(dict.fromkeys(before[i].exercise for i in ids))
        locked = html.escape(_fill(W["board-locked"], id=exercises), quote=False)
        opening[fence.start] = (
            f'<div class="board-after" data-after="{_attr(" ".join(ids))}" markdown="1">\n'
            f'<p class="board-locked" data-board-part="locked">{locked}</p>\n'
            '<div class="board-after-board" data-board-part="board" hidden markdown="1">\n'
        )
        closing.add(fence.end)
        dropped.add(at)
    out: list[str] = []
    for i, line in enumerate(lines):
        if i in opening:
            out += ["", opening[i]]
        if i not in dropped:
            out.append(line)
        if i in closing:
            out += ["", "</div>", "</div>", ""]
    return out


def results_html(all_lessons: dict[str, Lesson], lang: str) -> str:
    W = _words(lang)
    R = W["results"]
    data = [
        {
            "slug": lesson.slug,
            "lesson": lesson.number,
            "version": lesson.version,
            "title": lesson.titles.get(lang, lesson.titles.get("en", lesson.slug)),
            "tally": lesson.tally,
            "fields": [
                {
                    "id": f.id,
                    "label": _fill(R["exercise"], id=f.id),
                    "href": f"../{lesson.slug}/#exercise-{f.exercise}",
                }
                for f in lesson.fields
            ],
        }
        for lesson in all_lessons.values()
    ]
    options = "".join(
        f'<option value="{_attr(d["slug"])}">{html.escape(str(d["title"]), quote=False)}</option>'
        for d in data
    )
    return (
        f'<div class="class-results" data-class-results="{_attr(data)}" data-words="{_attr(W)}">\n'
        '<div class="class-results-input">\n'
        f'<p><label for="results-lesson">{html.escape(R["lesson"], quote=False)}</label> '
        f'<select id="results-lesson" data-results-part="lesson">{options}</select></p>\n'
        f'<p><label for="results-codes">{html.escape(R["paste"], quote=False)}</label><br>\n'
        '<textarea id="results-codes" data-results-part="codes" rows="8" cols="40" '
        'spellcheck="false" autocomplete="off"></textarea></p>\n'
        f'<p><button type="button" class="answers-button" data-results-part="read">{html.escape(R["read"], quote=False)}</button> '
        f'<button type="button" class="answers-button" data-results-part="clear">{html.escape(R["clear"], quote=False)}</button> '
        f'<button type="button" class="answers-button" data-results-part="print">{html.escape(R["print"], quote=False)}</button></p>\n'
        # the camera: read the QR codes students show (docs/assets/js/answers/qr-reader.js)
        f'<p class="class-results-camera-why">{html.escape(R["camera-why"], quote=False)}</p>\n'
        f'<p><button type="button" class="answers-button" data-results-part="camera">{html.escape(R["camera"], quote=False)}</button> '
        f'<button type="button" class="answers-button" data-results-part="camera-stop" hidden>{html.escape(R["camera-stop"], quote=False)}</button></p>\n'
        '<video class="class-results-video" data-results-part="video" hidden muted playsinline '
        f'aria-label="{_attr(R["camera-view"])}"></video>\n'
        '<p class="class-results-heard" data-results-part="heard" role="status" aria-live="assertive"></p>\n'
        "</div>\n"
        '<p class="class-results-print-head" data-results-part="print-head"></p>\n'
        '<p class="class-results-status" data-results-part="status" role="status" aria-live="polite"></p>\n'
        '<div data-results-part="table" class="class-results-table"></div>\n'
        '<div data-results-part="missed"></div>\n'
        '<div data-results-part="tally"></div>\n'
        '<div data-results-part="bad"></div>\n'
        "</div>"
    )


def run_sheet_html(lesson: Lesson, lang: str, page_url: str) -> str:
    """A lesson's run-sheet (the teachers' page's line ``<!-- run-sheet -->``): the
    students' page by its address (written out and drawn as a QR code large enough to
    project, by ``docs/assets/js/answers/run-sheet.js``, from the address the page is read
    at), the worksheet and the answer key (PDF, A4 and Letter), the minutes kept for
    handing in, and the results page with this lesson chosen. ``page_url`` is the
    teachers' page's, for the relative links."""
    from mkdocs.utils import get_relative_url

    W = _words(lang)["run-sheet"]
    prefix = "" if lang == "en" else f"{lang}/"
    suffix = "" if lang == "en" else f"-{lang}"

    def href(target: str) -> str:
        return html.escape(get_relative_url(target, page_url), quote=True)

    def pdfs(kind: str) -> str:
        return " · ".join(
            f'<a href="{href(f"printables/{kind}-{lesson.slug}-{paper}{suffix}.pdf")}" download>'
            f"{name}</a>"
            for paper, name in (("a4", "A4"), ("letter", "Letter"))
        )

    student = href(f"{prefix}students/{lesson.slug}/")
    results = href(f"{prefix}teachers/results/") + f"?lesson={lesson.slug}"
    t = {k: html.escape(v, quote=False) for k, v in W.items() if isinstance(v, str)}
    return (
        f'<aside class="run-sheet" data-run-sheet aria-labelledby="run-sheet-title">\n'
        f'<p class="run-sheet-title" id="run-sheet-title"><strong>{t["title"]}</strong></p>\n'
        "<ul>\n"
        f'<li>{t["student"]} <a class="run-sheet-address" data-run-sheet-part="address" '
        f'href="{student}">{student}</a></li>\n'
        f"<li>{t['worksheet']} {pdfs('worksheet')} · {t['key']} {pdfs('answer-key')}</li>\n"
        f"<li>{html.escape(_fill(W['hand-in'], n=HAND_IN_MINUTES), quote=False)}</li>\n"
        f'<li><a href="{results}">{t["results"]}</a></li>\n'
        "</ul>\n"
        f'<figure class="run-sheet-qr" data-run-sheet-part="figure" hidden>'
        f'<canvas data-run-sheet-part="qr" role="img" aria-label="{_attr(W["qr"])}"></canvas>'
        f'<figcaption data-run-sheet-part="caption"></figcaption></figure>\n'
        f'<p><button type="button" class="answers-button" data-run-sheet-part="present" hidden>'
        f"{t['present']}</button></p>\n"
        "</aside>"
    )


# ------------------------------------------------------------------------- the page


def page_markdown(markdown: str, page: Page, config: MkDocsConfig, found: dict[str, Lesson]) -> str:
    """The page's Markdown with its answer fields (a students' page) or the class results
    (the teachers' results page); ``found`` is :func:`lessons` of this build."""
    src = str(page.file.src_uri).replace("\\", "/")
    lang = built_language(config)
    if src.startswith("teachers/") and RESULTS_MARKER in markdown:
        return markdown.replace(RESULTS_MARKER, results_html(found, lang))
    if src.startswith("teachers/") and RUN_SHEET_MARKER in markdown:
        slug = Path(src).name.removesuffix(".md").removesuffix(".fr")
        lesson = found.get(slug)
        if lesson is None:
            raise PluginError(f"docs/{src}: a run-sheet needs a lesson (a students' page)")
        return markdown.replace(RUN_SHEET_MARKER, run_sheet_html(lesson, lang, page.url))
    if not src.startswith("students/"):
        return markdown
    slug = Path(src).name.removesuffix(".md").removesuffix(".fr")
    lesson = found.get(slug)
    if lesson is None:
        if TALLY_MARKER in markdown:
            raise PluginError(f"docs/{src}: a tally form needs a lesson page")
        return markdown
    return student_markdown(markdown, lesson, lang, f"docs/{src}", Path(config["docs_dir"]))
