"""The evaluation graph of a reviewed Awithlaknannai game, as SVG (English or French).

    review_graph_svg(review, lang="en") -> "<svg ...>"

``review`` is :meth:`engine.awithlaknannai.analysis.Review.to_dict` (or the Review). The
graph shows Black's advantage after each move (above the middle line: Black ahead;
below: White ahead), clipped at four pieces; a proved forced win is drawn at the edge.
It reads without colour: the sides are named at the top and bottom edges, and each move
graded an inaccuracy, a mistake or a blunder carries the usual annotation signs (``?!``,
``?``, ``??``) above or below its point. The ``<title>`` and ``<desc>`` say the same in
words (the page also lists every move with its grade).
"""

from __future__ import annotations

from typing import Any

from engine.svg import COLOURS, check_lang, el, esc, num, points, svg_document, text
from engine.words import section

from .analysis import WIN_BOUND, Review

CAP = 400  # four pieces: the graph's top and bottom
SIGNS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}

WORDS: dict[str, dict[str, Any]] = section("review-graph")


def _clip(score: int) -> float:
    if score > WIN_BOUND:
        return CAP
    if score < -WIN_BOUND:
        return -CAP
    return max(-CAP, min(CAP, score))


def _standing(score: int, w: dict[str, Any], lang: str) -> str:
    side: str = w["sides"][0 if score > 0 else 1]
    if abs(score) > WIN_BOUND:
        return str(w["won"]).format(side=side)
    if abs(score) < 50:
        return str(w["level"])
    pieces = f"{abs(score) / 100:.1f}"
    if lang == "fr":
        pieces = pieces.replace(".", ",")
    return str(w["lead"]).format(side=side, pieces=pieces)


def describe(review: dict[str, Any], lang: str = "en") -> str:
    """The graph's text alternative (also its ``<desc>``)."""
    w = WORDS[check_lang(lang)]
    moves: list[dict[str, Any]] = review["moves"]
    if not moves:
        return str(w["desc_empty"])
    summary = str(w["at_end"]).format(who=_standing(moves[-1]["black"], w, lang))
    graded = [m for m in moves if m["grade"] in SIGNS]
    if graded:
        worst = max(graded, key=lambda m: int(m["loss"]))
        summary += " " + str(w["swings"]).format(
            ply=worst["ply"], move=worst["move"], grade=w["grades"][worst["grade"]]
        )
    return str(w["desc"]).format(n=len(moves), summary=summary)


def review_graph_svg(review: Review | dict[str, Any], lang: str = "en") -> str:
    """The evaluation graph (see the module docstring)."""
    lang = check_lang(lang)
    data = review.to_dict() if isinstance(review, Review) else review
    w = WORDS[lang]
    moves = data["moves"]
    width, height = 640.0, 220.0
    left, right, top, bottom = 40.0, 12.0, 26.0, 30.0
    plot_w = width - left - right
    plot_h = height - top - bottom
    mid = top + plot_h / 2
    n = max(len(moves), 1)

    def x_of(ply: int) -> float:
        return left + plot_w * ply / n

    def y_of(score: int) -> float:
        return mid - (plot_h / 2) * _clip(score) / CAP

    ink, soft = COLOURS["ink"], COLOURS["ink-soft"]
    parts = [
        el(
            "rect",
            {"x": num(left), "y": num(top), "width": num(plot_w), "height": num(plot_h / 2)},
            fill="#ffffff",
            stroke=soft,
            stroke_width="1",
            class_="aw-graph-black",
        ),
        el(
            "rect",
            {"x": num(left), "y": num(mid), "width": num(plot_w), "height": num(plot_h / 2)},
            fill="#d9d4ca",
            stroke=soft,
            stroke_width="1",
            class_="aw-graph-white",
        ),
        text(left + 4, top - 8, w["black"], {"font-size": "12", "fill": ink}),
        text(left + 4, height - bottom + 18, w["white"], {"font-size": "12", "fill": ink}),
        text(left - 4, mid + 4, w["even"], {"font-size": "10", "fill": soft, "text-anchor": "end"}),
        text(
            width - right,
            height - bottom + 18,
            f"{len(moves)} {w['moves']}",
            {"font-size": "11", "fill": soft, "text-anchor": "end"},
        ),
    ]
    pts = [(x_of(0), y_of(data.get("start", 0)))]
    pts += [(x_of(m["ply"]), y_of(m["black"])) for m in moves]
    parts.append(
        el(
            "polyline",
            {"points": points(pts)},
            fill="none",
            stroke=ink,
            stroke_width="2",
            class_="aw-graph-line",
        )
    )
    for m, (x, y) in zip(moves, pts[1:]):
        sign = SIGNS.get(m["grade"])
        dot = el(
            "circle",
            {"cx": num(x), "cy": num(y), "r": "3" if sign else "2"},
            fill=ink,
            class_="aw-graph-point",
        )
        label = ""
        if sign:
            # the sign goes on the side away from the line's direction of travel
            above = y > mid - 12
            label = text(
                x,
                y - 7 if above else y + 15,
                sign,
                {"font-size": "12", "font-weight": "bold", "fill": ink, "text-anchor": "middle"},
            )
        parts.append(
            el(
                "g",
                {
                    "class": f"aw-graph-move aw-grade-{m['grade']}",
                    "data-ply": str(m["ply"]),
                    "data-grade": m["grade"],
                },
                el("title", {}, esc(f"{m['ply']}. {m['move']}")),
                dot,
                label,
            )
        )
    return svg_document(
        (0, 0, width, height),
        "".join(parts),
        title=w["title"],
        desc=describe(data, lang),
        lang=lang,
        cls="aw-graph",
    )
