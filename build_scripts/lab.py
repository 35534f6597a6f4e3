"""The probability lab's blocks (```` ```zohn-ahl-lab ````), computed at build time.

A block names one part of the lab::

    ```zohn-ahl-lab
    part: dice | rulesets | counters | comeback | tally
    ```

and becomes static HTML (tables, SVG charts drawn by the engine) that reads without
JavaScript, inside a ``<div class="lab" data-lab="PART">`` that the page module
``docs/assets/js/lab.js`` brings to life (a bias control that recomputes every part
through the engine worker, the tally of a class's own throws). A bad block fails the
build, naming the file and the line.

The figures are exact (:mod:`engine.zohn_ahl.solver`), for fair sticks and 4 counters a
side unless the block says ``counters: N``; they are computed once per build and shared
by both languages.

Student mode (:mod:`build_scripts.aids`; ``aids: on|off`` in the block, else the page's
default, off on the pages for students): with the aids off, two parts stop answering the
exercises beside them. The throws (``dice``) keep the figures of fair sticks when the
reader changes the bias (the chance of a given number of marks for other sticks is for the
student to work out), and the tally counts the class's throws without working out the
expected counts or the chi-square (the student's own steps; the class results page pools
the counts for the teacher). The other parts are the lab's instruments and stay as they are.
"""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from mkdocs.exceptions import PluginError

from build_scripts import words as build_words
from build_scripts.aids import VALUES as AIDS_VALUES
from build_scripts.aids import page_default
from build_scripts.fences import find_fences
from build_scripts.lab_figures import LabFigures
from build_scripts.page_language import page_language
from engine.words import table_name
from engine.zohn_ahl.chances import (
    throw_table,
    variant_name,
)
from engine.zohn_ahl.charts import percent
from engine.zohn_ahl.throws import marked_probabilities

if TYPE_CHECKING:
    from mkdocs.structure.pages import Page

ROOT = Path(__file__).resolve().parent.parent


PARTS = ("dice", "rulesets", "counters", "comeback", "tally")
KEYS = ("part", "counters", "aids")

W = build_words.section("lab")


def _num(x: float, lang: str, digits: int = 1) -> str:
    text = f"{x:.{digits}f}"
    return text.replace(".", ",") if lang == "fr" else text


def _esc(x: object) -> str:
    return html.escape(str(x))


def _dice(lang: str, aids: bool = True) -> str:
    w = W[lang]
    marked = marked_probabilities()
    rows = "".join(
        f"<tr><th scope='row'>{k}</th><td data-k='{k}'>{_esc(marked[k])}</td></tr>"
        for k in range(5)
    )
    out = [
        f"<table class='lab-marks'><thead><tr><th scope='col'>{w['marks']}</th>"
        f"<th scope='col'>{w['probability']}</th></tr></thead><tbody>{rows}</tbody></table>"
    ]
    for table in (throw_table(t) for t in ("sahe", "globe", "culin")):
        body = "".join(
            f"<tr><th scope='row'>{v['value']}</th><td data-value='{v['value']}'>{_esc(v['p'])}"
            f"</td></tr>"
            for v in table["values"]
        )
        out.append(
            f"<table class='lab-values' data-table='{table['table']}'><caption>"
            f"{_esc(table_name(table['table'], lang))}{w['colon']}{w['per_value']}</caption>"
            f"<thead><tr><th scope='col'>{w['value']}</th><th scope='col'>{w['probability']}"
            f"</th></tr></thead><tbody>{body}</tbody></table>"
            f"<p class='lab-extra' data-table='{table['table']}'>"
            f"{_esc(w['extra'].format(p=table['extra']))}</p>"
        )
    if not aids:
        out.append(f"<p class='lab-fixed'>{_esc(w['fixed_fair'])}</p>")
    return "\n".join(out)


def _rulesets(lang: str, counters: int, figures: LabFigures) -> str:
    w = W[lang]
    figs = figures.figures(counters, True)
    rows = []
    for f in figs["variants"]:
        rows.append(
            f"<tr data-ruleset='{f['ruleset']}' data-gully='{f['gully']}'>"
            f"<th scope='row'>{_esc(variant_name(f['ruleset'], f['gully'], lang))}</th>"
            f"<td data-k='first'>{_num(100 * f['first'], lang, 2)}{_pc(lang)}</td>"
            f"<td data-k='length'>{_num(f['expected_throws'], lang)}</td>"
            f"<td data-k='lap'>{percent(f['lap_chance_f'], lang)}</td>"
            f"<td data-k='per_lap'>{_num(f['throws_per_lap'], lang)}</td></tr>"
        )
    return (
        f"<table class='lab-rulesets'><caption>{_esc(w['bias_caption'].format(n=counters))}"
        f"</caption><thead><tr><th scope='col'>{w['ruleset']}</th><th scope='col'>{w['first']}"
        f"</th><th scope='col'>{w['length']}</th><th scope='col'>{w['lap']}</th>"
        f"<th scope='col'>{w['per_lap']}</th></tr></thead><tbody>{''.join(rows)}</tbody>"
        f"</table>\n<div class='lab-chart' data-chart='length'>"
        f"{figures.length_chart_svg(counters, lang)}</div>"
    )


def _pc(lang: str) -> str:
    return "\u202f%" if lang == "fr" else "%"


def _counters(lang: str, figures: LabFigures) -> str:
    w = W[lang]
    figs = figures.counters_by_lang(lang)
    body = "".join(
        f"<tr data-counters='{r['counters']}'><th scope='row'>{r['counters']}</th>"
        f"<td data-k='first'>{_num(100 * r['first'], lang, 2)}{_pc(lang)}</td>"
        f"<td data-k='length'>{_num(r['expected_throws'], lang)}</td></tr>"
        for r in figs["rows"]
    )
    return (
        f"<table class='lab-counters'><caption>{_esc(w['counters_caption'])}</caption><thead>"
        f"<tr><th scope='col'>{w['counters']}</th><th scope='col'>{w['first']}</th>"
        f"<th scope='col'>{w['length']}</th></tr></thead><tbody>{body}</tbody></table>\n"
        f"<div class='lab-chart' data-chart='counters'>{figs['svg']}</div>"
    )


def _comeback(lang: str, counters: int, figures: LabFigures) -> str:
    w = W[lang]
    figs = figures.figures(counters, False)
    head = "".join(
        f"<th scope='col'>{_esc(variant_name(f['ruleset'], f['gully'], lang))}</th>"
        for f in figs["variants"]
    )
    body = []
    for k in range(1, 2 * counters):
        cells = "".join(f"<td>{percent(f['comeback'][k], lang)}</td>" for f in figs["variants"])
        body.append(f"<tr><th scope='row'>{k}</th>{cells}</tr>")
    caption = w["comeback_caption"].format(total=2 * counters, n=counters)
    return (
        f"<table class='lab-comeback'><caption>{_esc(caption)}</caption><thead><tr>"
        f"<th scope='col'>{w['k']}</th>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )


def _tally(lang: str, aids: bool = True) -> str:
    """The class's counts; with the aids on, the counts to expect beside them."""
    w = W[lang]
    marked = marked_probabilities()
    expected = "<td data-role='expected'>–</td>" if aids else ""
    rows = "".join(
        f"<tr data-k='{k}'><th scope='row'>{k}</th><td data-role='share'>{_esc(marked[k])}</td>"
        f"<td><input type='number' min='0' max='100000' step='1' inputmode='numeric' "
        f"data-k='{k}' aria-label='{_esc(w['your_count'])}: {k}' value='0' disabled></td>"
        f"{expected}</tr>"
        for k in range(5)
    )
    caption = w["tally_caption"] if aids else w["tally_caption_counts"]
    head = f"<th scope='col'>{w['expected_count']}</th>" if aids else ""
    return (
        f"<table class='lab-tally'><caption>{_esc(caption)}</caption><thead><tr><th scope='col'>{w['kinds']}</th>"
        f"<th scope='col'>{w['expected_share']}</th><th scope='col'>{w['your_count']}</th>"
        f"{head}</tr></thead><tbody>{rows}</tbody></table>"
    )


def _scrolling(inner: str, part: str, counters: int) -> str:
    """``inner`` with each captioned table in a box of its own that scrolls sideways on a
    narrow screen (the page itself never does): a region named by the table's caption, which
    takes the keyboard focus so that it can be scrolled without a mouse."""

    number = itertools.count(1)

    def wrap(match: re.Match[str]) -> str:
        caption = f"lab-{part}-{counters}-caption-{next(number)}"
        return (
            f"<div class='lab-scroll' role='region' tabindex='0' aria-labelledby='{caption}'>"
            f"{match.group(1)}<caption id='{caption}'>{match.group(2)}</table></div>"
        )

    return re.sub(r"(<table [^>]*>)<caption>(.*?)</table>", wrap, inner, flags=re.S)


def render(
    part: str, lang: str, counters: int, aids: bool = True, figures: LabFigures | None = None
) -> str:
    """One part as HTML; ``aids`` off: the student mode of the module's docstring;
    ``figures``: the build's (``None``: worked out for this part alone)."""
    figures = LabFigures() if figures is None else figures
    if part == "dice":
        inner = _dice(lang, aids)
    elif part == "rulesets":
        inner = _rulesets(lang, counters, figures)
    elif part == "counters":
        inner = _counters(lang, figures)
    elif part == "comeback":
        inner = _comeback(lang, counters, figures)
    else:
        inner = _tally(lang, aids)
    inner = _scrolling(inner, part, counters)
    mode = "" if aids else ' data-aids="off"'
    return f'<div class="lab" data-lab="{part}" data-counters="{counters}"{mode}>\n{inner}\n</div>'


def _parse(body: str, where: str, page_aids: bool = True) -> tuple[str, int, bool]:
    pairs: dict[str, str] = {}
    for n, raw in enumerate(body.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        key, value = key.strip(), value.strip()
        if not sep or key not in KEYS:
            raise PluginError(
                f"{where}, line {n} of the zohn-ahl-lab block: {line!r} is not one of "
                f"{', '.join(k + ': ...' for k in KEYS)}"
            )
        pairs[key] = value
    part = pairs.get("part")
    if part not in PARTS:
        raise PluginError(
            f"{where}: zohn-ahl-lab block: part {part!r} is not one of {', '.join(PARTS)}"
        )
    counters = pairs.get("counters", "4")
    if not counters.isdigit() or not 1 <= int(counters) <= 8:
        raise PluginError(
            f"{where}: zohn-ahl-lab block: counters {counters!r} is not a whole number from 1 to 8"
        )
    aids = pairs.get("aids", "on" if page_aids else "off")
    if aids not in AIDS_VALUES:
        raise PluginError(
            f"{where}: zohn-ahl-lab block: aids {aids!r} is not one of {', '.join(AIDS_VALUES)}"
        )
    return part, int(counters), aids == "on"


def replace_blocks(markdown: str, render_one: Callable[[str, int], str]) -> str:
    """Replace every top-level ``zohn-ahl-lab`` fence (not one shown inside another fence)
    with ``render_one(body, line)``."""
    lines = markdown.split("\n")
    out: list[str] = []
    done = 0  # the lines before this one are in ``out``
    for fence in find_fences(lines):
        if fence.language == "zohn-ahl-lab":
            out.extend(lines[done : fence.start])
            out.append(render_one("\n".join(fence.body(lines)), fence.start + 1))
            done = fence.end + 1
    out.extend(lines[done:])
    return "\n".join(out)


def lab_markdown(markdown: str, page: Page, figures: LabFigures | None = None) -> str:
    """The page's Markdown with its probability-lab blocks drawn, from the build's
    ``figures`` (``None``: worked out for this page alone)."""
    figures = LabFigures() if figures is None else figures
    if "zohn-ahl-lab" not in markdown:
        return markdown
    lang = page_language(page)
    src = page.file.src_path
    try:
        page_aids = page_default(src, (getattr(page, "meta", None) or {}).get("aids"))
    except ValueError as err:
        raise PluginError(f"{src}: {err}") from None

    def render_one(body: str, line: int) -> str:
        part, counters, aids = _parse(body, f"{src}, line {line}", page_aids)
        return render(part, lang, counters, aids, figures)

    return replace_blocks(markdown, render_one)
