"""The two sides of each board differ in shape, not only in colour (print, colour blindness)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from engine.awithlaknannai import svg as aw_svg

NS = "{http://www.w3.org/2000/svg}"


def _outline(group: ET.Element) -> str:
    """The tag of a marker's first drawn shape (its outline), without the namespace."""
    return next(iter(group)).tag.replace(NS, "")


def _groups(svg_text: str, cls: str) -> list[ET.Element]:
    root = ET.fromstring(svg_text)
    return [g for g in root.iter() if cls in (g.get("class") or "").split()]


def test_awithlaknannai_pieces_have_two_shapes():
    svg = aw_svg.board_svg("culin")
    black = {_outline(g) for g in _groups(svg, "aw-black")}
    white = {_outline(g) for g in _groups(svg, "aw-white")}
    assert len(black) == 1 and len(white) == 1
    assert black != white, (black, white)


def test_zohn_ahl_awls_have_two_shapes():
    from engine import protocol

    view = protocol.dispatch("zohn-ahl.new", {"options": {"ruleset": "kiowa"}})
    svg = protocol.dispatch("svg", {"game": "zohn-ahl", "record": view["record"]})["svg"]
    red = [g for g in _groups(svg, "za-awl") if g.get("data-awl") == "0"]
    green = [g for g in _groups(svg, "za-awl") if g.get("data-awl") == "1"]
    assert red and green

    def shape(g):
        return [c.tag.replace(NS, "") for c in g if c.tag != NS + "title"][0]

    assert shape(red[0]) != shape(green[0])
