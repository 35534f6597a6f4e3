"""MkDocs hook: the probability lab's blocks (```` ```zohn-ahl-lab ````), computed at build time.

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
"""

from __future__ import annotations

import html
import re
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # MkDocs loads a hook by its path, not as a package
    sys.path.insert(0, str(ROOT))

from engine.zohn_ahl.chances import (  # noqa: E402
    VARIANTS,
    counters_figures,
    lab_figures,
    throw_table,
    variant_name,
)
from engine.zohn_ahl.charts import percent  # noqa: E402
from engine.zohn_ahl.throws import marked_probabilities  # noqa: E402

PARTS = ("dice", "rulesets", "counters", "comeback", "tally")
KEYS = ("part", "counters")
_CACHE: dict = {}

W = {
    "en": {
        "marks": "Marks showing",
        "value": "Worth (spaces)",
        "probability": "Probability",
        "again": "Throws again",
        "yes": "yes",
        "no": "no",
        "table": "Throw table {t}",
        "per_value": "Probability of each value",
        "extra": "Chance of throwing again: {p}",
        "ruleset": "Ruleset",
        "first": "First thrower's chance of winning",
        "length": "Expected throws in a game",
        "lap": "Chance a lap ends without a fall",
        "per_lap": "Expected throws per lap",
        "counters": "Counters a side",
        "comeback_caption": (
            "Chance of winning with k counters against {total} minus k, both awls at the "
            "start, {n} counters a side at the start, this side to throw"
        ),
        "k": "k (counters held)",
        "kinds": "Marks showing (k)",
        "expected_share": "Expected share of throws",
        "your_count": "Your count",
        "expected_count": "Expected count",
        "bias_caption": "Fair sticks (each mark shows with probability 1/2), {n} counters a side.",
        "counters_caption": "Printable board, the gully loses a throw, fair sticks.",
    },
    "fr": {
        "marks": "Marques visibles",
        "value": "Valeur (cases)",
        "probability": "Probabilité",
        "again": "Relance",
        "yes": "oui",
        "no": "non",
        "table": "Table de lancers {t}",
        "per_value": "Probabilité de chaque valeur",
        "extra": "Chance de relancer : {p}",
        "ruleset": "Variante",
        "first": "Chance de gagner du premier à lancer",
        "length": "Lancers attendus dans une partie",
        "lap": "Chance de finir un circuit sans chute",
        "per_lap": "Lancers attendus par circuit",
        "counters": "Jetons par camp",
        "comeback_caption": (
            "Chance de gagner avec k jetons contre {total} moins k, les deux alènes au "
            "départ, {n} jetons par camp au départ, ce camp devant lancer"
        ),
        "k": "k (jetons en main)",
        "kinds": "Marques visibles (k)",
        "expected_share": "Part attendue des lancers",
        "your_count": "Votre relevé",
        "expected_count": "Effectif attendu",
        "bias_caption": (
            "Bâtonnets équilibrés (chaque marque sort avec la probabilité 1/2), "
            "{n} jetons par camp."
        ),
        "counters_caption": "Plateau « printable », le ravin sec fait perdre le lancer, bâtonnets équilibrés.",
    },
}


def _lang(page: Any) -> str:
    path = str(getattr(page.file, "src_uri", "") or page.file.src_path)
    return "fr" if path.endswith(".fr.md") else "en"


def _num(x: float, lang: str, digits: int = 1) -> str:
    text = f"{x:.{digits}f}"
    return text.replace(".", ",") if lang == "fr" else text


def _figures(counters: int, length: bool) -> dict:
    key = ("figures", counters, length)
    if key not in _CACHE:
        _CACHE[key] = lab_figures(
            Fraction(1, 2), counters, VARIANTS, "en", charts=False, length=length
        )
    return _CACHE[key]


def _esc(x: object) -> str:
    return html.escape(str(x))


def _dice(lang: str) -> str:
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
            f"{_esc(w['table'].format(t=table['table']))}: {w['per_value']}</caption>"
            f"<thead><tr><th scope='col'>{w['value']}</th><th scope='col'>{w['probability']}"
            f"</th></tr></thead><tbody>{body}</tbody></table>"
            f"<p class='lab-extra' data-table='{table['table']}'>"
            f"{_esc(w['extra'].format(p=table['extra']))}</p>"
        )
    return "\n".join(out)


def _rulesets(lang: str, counters: int) -> str:
    w = W[lang]
    figs = _figures(counters, True)
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
    key = ("length", counters, lang)
    if key not in _CACHE:
        from engine.zohn_ahl.chances import length_chart

        _CACHE[key] = length_chart(figs["variants"], lang)
    return (
        f"<table class='lab-rulesets'><caption>{_esc(w['bias_caption'].format(n=counters))}"
        f"</caption><thead><tr><th scope='col'>{w['ruleset']}</th><th scope='col'>{w['first']}"
        f"</th><th scope='col'>{w['length']}</th><th scope='col'>{w['lap']}</th>"
        f"<th scope='col'>{w['per_lap']}</th></tr></thead><tbody>{''.join(rows)}</tbody>"
        f"</table>\n<div class='lab-chart' data-chart='length'>{_CACHE[key]}</div>"
    )


def _pc(lang: str) -> str:
    return "\u202f%" if lang == "fr" else "%"


def _counters(lang: str) -> str:
    w = W[lang]
    key = ("counters", lang)
    if key not in _CACHE:
        _CACHE[key] = counters_figures(Fraction(1, 2), lang)
    figs = _CACHE[key]
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


def _comeback(lang: str, counters: int) -> str:
    w = W[lang]
    figs = _figures(counters, False)
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


def _tally(lang: str) -> str:
    w = W[lang]
    marked = marked_probabilities()
    rows = "".join(
        f"<tr data-k='{k}'><th scope='row'>{k}</th><td data-role='share'>{_esc(marked[k])}</td>"
        f"<td><input type='number' min='0' max='100000' step='1' inputmode='numeric' "
        f"data-k='{k}' aria-label='{_esc(w['your_count'])}: {k}' value='0' disabled></td>"
        f"<td data-role='expected'>–</td></tr>"
        for k in range(5)
    )
    return (
        f"<table class='lab-tally'><thead><tr><th scope='col'>{w['kinds']}</th>"
        f"<th scope='col'>{w['expected_share']}</th><th scope='col'>{w['your_count']}</th>"
        f"<th scope='col'>{w['expected_count']}</th></tr></thead><tbody>{rows}</tbody></table>"
    )


def render(part: str, lang: str, counters: int) -> str:
    if part == "dice":
        inner = _dice(lang)
    elif part == "rulesets":
        inner = _rulesets(lang, counters)
    elif part == "counters":
        inner = _counters(lang)
    elif part == "comeback":
        inner = _comeback(lang, counters)
    else:
        inner = _tally(lang)
    return (
        f'<div class="lab" data-lab="{part}" data-counters="{counters}" markdown="0">\n'
        f"{inner}\n</div>"
    )


def _parse(body: str, where: str) -> tuple[str, int]:
    pairs: dict = {}
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
    return part, int(counters)


_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<lang>[\w.+-]*)")


def replace_blocks(markdown: str, render_one) -> str:
    """Replace every top-level ``zohn-ahl-lab`` fence (not one shown inside another fence)
    with ``render_one(body, line)``."""
    lines = markdown.split("\n")
    out: list = []
    i = 0
    while i < len(lines):
        m = _OPEN.match(lines[i])
        if not m:
            out.append(lines[i])
            i += 1
            continue
        fence = m.group("fence")
        close = re.compile(r"^[ \t]*" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}[ \t]*$")
        j = i + 1
        while j < len(lines) and not close.match(lines[j]):
            j += 1
        if m.group("lang") == "zohn-ahl-lab":
            out.append(render_one("\n".join(lines[i + 1 : j]), i + 1))
        else:
            out.extend(lines[i : j + 1])
        i = j + 1
    return "\n".join(out)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    if "zohn-ahl-lab" not in markdown:
        return markdown
    lang = _lang(page)
    src = page.file.src_path

    def render_one(body: str, line: int) -> str:
        part, counters = _parse(body, f"{src}, line {line}")
        return render(part, lang, counters)

    return replace_blocks(markdown, render_one)
