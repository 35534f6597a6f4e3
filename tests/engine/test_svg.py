"""The SVG drawings: well-formed, complete, faithful to the position, deterministic."""

import json
import math
import re
import xml.etree.ElementTree as ET

import pytest

from engine.awithlaknannai import svg as asvg
from engine.core import OptionError, PositionError, RulesetError, ThrowError
from engine.protocol import handle
from engine.svg import esc, num
from engine.zohn_ahl import svg as zsvg
from engine.zohn_ahl.rulesets import own_space, physical_space

NS = {"s": "http://www.w3.org/2000/svg"}


def parse(text):
    return ET.fromstring(text)


def has_class(elem, name):
    return name in elem.get("class", "").split()


def drawn_lines(root):
    """The lines of an Awithlaknannai drawing, by name ("m1-m2"): the segments of its
    ``path.aw-lines`` (``M x1 y1 L x2 y2`` each), named in order by its ``data-lines``;
    and its ``path.aw-dots`` holds one circle per point."""
    (path,) = [e for e in root.iter() if has_class(e, "aw-lines")]
    names = path.get("data-lines").split()
    segments = re.findall(r"M(\S+) (\S+)L(\S+) (\S+?)(?=M|$)", path.get("d"))
    assert len(segments) == len(names) == len(set(names))
    (dots,) = [e for e in root.iter() if has_class(e, "aw-dots")]
    points = [e for e in root.iter() if "data-point" in e.attrib]
    assert dots.get("d").count("M") == len(points)
    return {n: tuple(map(float, seg)) for n, seg in zip(names, segments, strict=True)}


def find_all(root, attr):
    return [e for e in root.iter() if attr in e.attrib]


def translate_of(elem):
    t = elem.get("transform")
    assert t.startswith("translate(")
    x, y = t[len("translate(") : -1].split()
    return float(x), float(y)


# ---------------------------------------------------------------------------- helpers


def test_escape_and_numbers():
    assert esc('<a & "b">') == "&lt;a &amp; &quot;b&quot;&gt;"
    assert num(1.0) == "1"
    assert num(-0.001) == "0"
    assert num(2.456) == "2.46"
    assert num(3.10) == "3.1"


# ---------------------------------------------------------------------------- Zohn Ahl


@pytest.mark.parametrize(
    "ruleset,spaces", [("kiowa", 40), ("culin", 40), ("printable", 28), ("globe", 28)]
)
def test_board_has_every_space_once(ruleset, spaces):
    root = parse(zsvg.board_svg(ruleset))
    marks = [e for e in root.iter() if "data-space" in e.attrib]  # [data-space] = spaces
    assert len(marks) == spaces
    assert all(has_class(e, "za-space") for e in marks)
    idx = sorted(int(e.get("data-space")) for e in marks)
    assert idx == (list(range(1, 41)) if spaces == 40 else list(range(28)))
    assert all(e.get("data-name") for e in marks)
    assert root.get("viewBox")


def test_square_board_names_its_features():
    root = parse(zsvg.board_svg("printable"))
    names = {
        e.get("data-space"): e.get("data-name") for e in root.iter() if has_class(e, "za-space")
    }
    assert "creek" in names["0"] and "torrent" in names["14"]
    assert "gully" in names["7"] and "gully" in names["21"]
    assert names["5"] == "space 5"
    globe = parse(zsvg.board_svg("globe"))
    gnames = {
        e.get("data-space"): e.get("data-name") for e in globe.iter() if has_class(e, "za-space")
    }
    assert "river" in gnames["0"] and "river" in gnames["14"] and "ravine" in gnames["21"]


def test_cloth_draws_creek_and_dry_branches():
    root = parse(zsvg.board_svg("kiowa"))
    classes = [e.get("class", "") for e in root.iter()]
    assert classes.count("za-creek-lines") == 2
    assert classes.count("za-dry-lines") == 2
    assert "za-stone" in classes


def _space_centres(root):
    out = {}
    for g in root.iter():
        if has_class(g, "za-space"):
            out[int(g.get("data-space"))] = (float(g.get("data-x")), float(g.get("data-y")))
    return out


def _awls(root):
    return {int(g.get("data-awl")): g for g in root.iter() if "data-awl" in g.attrib}


@pytest.mark.parametrize(
    "ruleset,awls,expected",
    [
        ("kiowa", (12, 5), (12, 36)),  # side 1's space u is side 0's 41-u
        ("kiowa", (1, 1), (1, 40)),
        ("culin", (40, 40), (40, 1)),
        ("printable", (7, 3), (7, 25)),  # side 1's u is side 0's (28-u) mod 28
        ("globe", (27, 14), (27, 14)),
    ],
)
def test_awls_stand_on_their_spaces(ruleset, awls, expected):
    root = parse(zsvg.board_svg(ruleset, {"awls": list(awls), "counters": [4, 4]}))
    centres = _space_centres(root)
    found = _awls(root)
    assert set(found) == {0, 1}
    for side in (0, 1):
        g = found[side]
        assert int(g.get("data-on")) == expected[side]
        assert int(g.get("data-own")) == awls[side]
        x, y = translate_of(g)
        cx, cy = centres[expected[side]]
        assert math.hypot(x - cx, y - cy) < 1e-6


def test_awls_sharing_a_space_are_both_visible_on_it():
    root = parse(zsvg.board_svg("printable"))  # both start on the south creek
    centres = _space_centres(root)
    found = _awls(root)
    p0, p1 = translate_of(found[0]), translate_of(found[1])
    assert p0 != p1
    for p in (p0, p1):
        assert math.hypot(p[0] - centres[0][0], p[1] - centres[0][1]) < 20


def test_board_from_engine_state_and_options():
    from engine.zohn_ahl import Options, State

    opts = Options(ruleset="globe", counters=3)
    st = State(opts, (3, 9), (2, 4), 1, skip=(False, True))
    root = parse(zsvg.board_svg(opts, st))
    assert root.get("data-ruleset") == "globe"
    assert int(_awls(root)[1].get("data-on")) == 19
    piles = {
        g.get("data-side"): g.get("data-count")
        for g in root.iter()
        if g.get("class") == "za-counters"
    }
    assert piles == {"0": "2", "1": "4"}
    # a state after real throws: the awls stand where the engine's physical mapping says
    state, _ = State.start(Options(ruleset="kiowa")).play("1111")
    state, _ = state.play("1000")
    state, _ = state.play("1100")
    root = parse(zsvg.board_svg("kiowa", state))
    assert [int(_awls(root)[s].get("data-on")) for s in (0, 1)] == list(state.physical)


def test_start_counters_follow_options():
    root = parse(zsvg.board_svg({"ruleset": "kiowa", "counters": 7}))
    piles = {
        g.get("data-side"): g.get("data-count")
        for g in root.iter()
        if g.get("class") == "za-counters"
    }
    assert piles == {"0": "7", "1": "7"}


def test_zohn_ahl_title_and_desc_in_both_languages():
    st = {"awls": [12, 5], "counters": [3, 5], "to_move": 0}
    en = parse(zsvg.board_svg("kiowa", st, lang="en"))
    fr = parse(zsvg.board_svg("kiowa", st, lang="fr"))
    for root, word in ((en, "Red"), (fr, "Rouge")):
        title = root.find("s:title", NS)
        desc = root.find("s:desc", NS)
        assert title is not None and title.text
        assert desc is not None and word in desc.text and "12" in desc.text
    assert en.find("s:title", NS).text != fr.find("s:title", NS).text
    assert en.get("lang") == "en" and fr.get("lang") == "fr"
    custom = parse(zsvg.board_svg("kiowa", lang="en", title="A <special> board"))
    assert custom.find("s:title", NS).text == "A <special> board"


def test_zohn_ahl_bad_input():
    with pytest.raises(RulesetError) as e:
        zsvg.board_svg("chess")
    assert "'chess'" in str(e.value)
    with pytest.raises(PositionError):
        zsvg.board_svg("printable", {"awls": [28, 0]})
    with pytest.raises(PositionError):
        zsvg.board_svg("kiowa", {"awls": [0, 1]})
    with pytest.raises(OptionError):
        zsvg.board_svg("kiowa", lang="de")


def test_zohn_ahl_deterministic():
    st = {"awls": [3, 30], "counters": [1, 7], "to_move": 1}
    assert zsvg.board_svg("kiowa", st) == zsvg.board_svg("kiowa", dict(st))
    assert zsvg.board_svg("globe", lang="fr") == zsvg.board_svg("globe", lang="fr")
    assert zsvg.board_svg("kiowa", st) != zsvg.board_svg("kiowa", {"awls": [4, 30]})


# ---------------------------------------------------------------------------- sticks


@pytest.mark.parametrize("code", ["0000", "0001", "1110", "1111", "0101"])
def test_sticks_match_the_throw(code):
    root = parse(zsvg.sticks_svg(code))
    sticks = sorted(
        (g for g in root.iter() if "data-stick" in g.attrib), key=lambda g: int(g.get("data-stick"))
    )
    assert [g.get("data-stick") for g in sticks] == ["0", "1", "2", "3"]
    assert "".join("1" if g.get("data-marked") == "true" else "0" for g in sticks) == code
    assert [g.get("data-sahe") for g in sticks] == [None, None, None, "true"]
    assert root.find("s:title", NS).text and code in root.find("s:desc", NS).text


def test_sahe_differs_by_pattern_not_only_colour():
    root = parse(zsvg.sticks_svg("1111"))
    sticks = {int(g.get("data-stick")): g for g in root.iter() if "data-stick" in g.attrib}

    def shapes(g):
        return sorted(e.tag.split("}")[1] for e in g.iter() if has_class(e, "za-groove"))

    assert shapes(sticks[0]) == shapes(sticks[1]) == shapes(sticks[2])
    assert shapes(sticks[3]) != shapes(sticks[0])
    # the rounded sides differ too
    back = parse(zsvg.sticks_svg("0000"))
    backs = {int(g.get("data-stick")): g for g in back.iter() if "data-stick" in g.attrib}
    assert len(list(backs[3].iter())) != len(list(backs[0].iter()))


def test_sticks_accept_throw_like_values_and_reject_bad_ones():
    class T:
        sticks = (True, False, False, True)

    assert zsvg.sticks_svg(T()) == zsvg.sticks_svg("1001") == zsvg.sticks_svg((1, 0, 0, 1))
    assert "data-throw" not in zsvg.sticks_svg().split(">")[0]
    fr = parse(zsvg.sticks_svg("0001", lang="fr"))
    assert "sahe" in fr.find("s:desc", NS).text
    for bad in ("01x1", "000", "00000"):
        with pytest.raises(ThrowError) as e:
            zsvg.sticks_svg(bad)
        assert repr(bad) in str(e.value)


# ---------------------------------------------------------------------------- Awithlaknannai


@pytest.mark.parametrize(
    "ruleset,points,lines",
    [
        ("culin", 25, 54),
        ("open", 25, 40),
        ("bent", 25, 54),
        ("ludii", 25, 54),
        ("kolowis", 47, 104),
    ],
)
def test_awithlaknannai_points_and_lines(ruleset, points, lines):
    root = parse(asvg.board_svg(ruleset))
    pts = [g for g in root.iter() if "data-point" in g.attrib]  # [data-point] = the points
    assert len(pts) == points
    assert all(has_class(g, "aw-point") for g in pts)
    assert len({g.get("data-point") for g in pts}) == points
    assert len(drawn_lines(root)) == lines
    for g in pts:
        hit = [c for c in g.iter() if has_class(c, "aw-hit")]
        assert hit and 2 * float(hit[0].get("r")) >= 24
        assert g.find("s:title", NS).text.startswith(g.get("data-point") + ", ")


def _lines_touch_points(root):
    centres = {
        g.get("data-point"): (float(g.get("data-x")), float(g.get("data-y")))
        for g in root.iter()
        if has_class(g, "aw-point")
    }
    for name, (x1, y1, x2, y2) in drawn_lines(root).items():
        a, b = name.split("-")
        assert math.hypot(x1 - centres[a][0], y1 - centres[a][1]) < 1e-6
        assert math.hypot(x2 - centres[b][0], y2 - centres[b][1]) < 1e-6
    return centres


def test_start_position_pieces():
    root = parse(asvg.board_svg("culin"))
    pieces = {
        g.get("data-at"): g.get("data-piece") for g in root.iter() if has_class(g, "aw-piece")
    }
    assert len(pieces) == 24 and "m5" not in pieces
    assert all(pieces[f"b{j}"] == "B" for j in range(1, 9))
    assert all(pieces[f"t{j}"] == "W" for j in range(1, 9))
    assert [pieces[f"m{j}"] for j in (1, 2, 3, 4, 6, 7, 8, 9)] == ["W"] * 4 + ["B"] * 4
    k = parse(asvg.board_svg("kolowis"))
    kp = {g.get("data-at") for g in k.iter() if has_class(g, "aw-piece")}
    assert len(kp) == 46 and "m8" not in kp


def test_pieces_follow_a_position_and_stand_on_their_points():
    pos = "WWWWWWWW/WWW.BBBBB/BBBBBBB. W 1"
    root = parse(asvg.board_svg("culin", pos))
    centres = _lines_touch_points(root)
    pieces = {g.get("data-at"): g for g in root.iter() if has_class(g, "aw-piece")}
    assert "m4" not in pieces and "b8" not in pieces and pieces["m5"].get("data-piece") == "B"
    for p, g in pieces.items():
        assert translate_of(g) == pytest.approx(centres[p])
    points = {g.get("data-point"): g for g in root.iter() if has_class(g, "aw-point")}
    assert points["m4"].get("data-piece") == ""
    assert points["m4"].find("s:title", NS).text == "m4, empty"
    assert points["m5"].find("s:title", NS).text == "m5, black piece"
    assert root.get("data-to-move") == "W"
    fr = parse(asvg.board_svg("culin", pos, lang="fr"))
    frp = {g.get("data-point"): g for g in fr.iter() if has_class(g, "aw-point")}
    assert frp["t1"].find("s:title", NS).text == "t1, pion blanc"
    assert frp["m4"].find("s:title", NS).text == "m4, vide"


def test_pieces_differ_by_more_than_fill():
    root = parse(asvg.board_svg("culin"))
    b = next(g for g in root.iter() if has_class(g, "aw-black"))
    w = next(g for g in root.iter() if has_class(g, "aw-white"))

    def shape(g):
        return [(c.tag, c.get("stroke"), c.get("fill") == "none") for c in g]

    assert shape(b) != shape(w)
    assert [c.get("stroke") for c in b] != [c.get("stroke") for c in w]


def test_flip_puts_white_at_the_bottom():
    plain = parse(asvg.board_svg("culin"))
    flipped = parse(asvg.board_svg("culin", flip=True))

    def y_of(root, p):
        return next(
            float(g.get("data-y"))
            for g in root.iter()
            if g.get("data-point") == p and has_class(g, "aw-point")
        )

    assert y_of(plain, "b1") > y_of(plain, "t1")  # Black at the bottom
    assert y_of(flipped, "t1") > y_of(flipped, "b1")  # White at the bottom
    _lines_touch_points(flipped)
    assert flipped.get("data-flip") == "true"


def test_awithlaknannai_title_desc_languages_and_determinism():
    en = asvg.board_svg("kolowis", lang="en")
    fr = asvg.board_svg("kolowis", lang="fr")
    ren, rfr = parse(en), parse(fr)
    assert "Kolowis" in ren.find("s:title", NS).text
    assert "Kolowis" in rfr.find("s:title", NS).text
    assert "104" in ren.find("s:desc", NS).text and "lignes" in rfr.find("s:desc", NS).text
    assert en == asvg.board_svg("kolowis", lang="en")
    assert asvg.board_svg("culin", title="Position 3") != asvg.board_svg("culin")


def test_awithlaknannai_bad_input():
    with pytest.raises(RulesetError):
        asvg.board_svg("draughts")
    with pytest.raises(PositionError):
        asvg.board_svg("culin", "WWWW/BBBB B 0")
    with pytest.raises(OptionError):
        asvg.board_svg("culin", lang="es")


def test_drawing_follows_the_engine_board_and_game():
    from engine.awithlaknannai import BOARDS, Game

    g = Game("culin")
    g.push(g.parse_move("m6-m5"))
    g.push(g.parse_move("m4xm6"))
    root = parse(asvg.board_svg(g.ruleset, g.position))
    pieces = {
        e.get("data-at"): e.get("data-piece") for e in root.iter() if has_class(e, "aw-piece")
    }
    board = BOARDS["mosona"]
    assert pieces == {p: g.position.piece_at(p) for p in board.points if g.position.piece_at(p)}
    assert len(pieces) == 23
    # the drawing is the board's geometry, scaled: same lines, same proportions
    centres = _lines_touch_points(root)
    drawn = set(drawn_lines(root))
    assert drawn == {f"{a}-{b}" for a, b in board.lines}
    (x1, y1), (x2, _y2) = board.coords["t1"], board.coords["b8"]
    k = (centres["b8"][0] - centres["t1"][0]) / (x2 - x1)
    for p, (x, y) in board.coords.items():
        assert centres[p][0] - centres["t1"][0] == pytest.approx(k * (x - x1))
        assert centres[p][1] - centres["t1"][1] == pytest.approx(-k * (y - y1))


def test_empty_board_from_a_dict():
    root = parse(asvg.board_svg("kolowis", {}))
    assert not [e for e in root.iter() if has_class(e, "aw-piece")]
    one = parse(asvg.board_svg("open", {"m5": "W"}))
    assert [e.get("data-at") for e in one.iter() if has_class(e, "aw-piece")] == ["m5"]
    with pytest.raises(PositionError):
        asvg.board_svg("culin", {"z9": "B"})


DIGEST_SCRIPT = """
import hashlib
from engine.zohn_ahl.svg import board_svg as z, sticks_svg
from engine.awithlaknannai.svg import board_svg as a
out = [z(rs, lang=lang) for rs in ("kiowa", "culin", "printable", "globe") for lang in ("en", "fr")]
out.append(z("kiowa", {"awls": [12, 29], "counters": [3, 5], "to_move": 1}))
out += [sticks_svg("0101"), sticks_svg(None, lang="fr")]
out += [a(rs, flip=f, lang="fr" if f else "en") for rs in ("culin", "open", "kolowis")
        for f in (False, True)]
print(hashlib.sha256("".join(out).encode()).hexdigest())
"""


@pytest.mark.pyodide
def test_same_bytes_in_pyodide(tmp_path):
    """The page redraws boards in Pyodide (Python 3.14): same drawing, byte for byte."""
    import hashlib
    import shutil
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    runner = root / "tests" / "pyodide" / "run.mjs"
    node = shutil.which("node")
    if node is None or not runner.exists() or not (root / "node_modules" / "pyodide").exists():
        pytest.skip("node or the Pyodide runner is not available")
    script = tmp_path / "svg_digest.py"
    script.write_text(DIGEST_SCRIPT)
    done = subprocess.run(
        [node, str(runner), str(script)], capture_output=True, text=True, timeout=300, cwd=root
    )
    assert done.returncode == 0, done.stderr
    ns: dict = {}
    import contextlib
    import io

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(DIGEST_SCRIPT, ns)
    assert done.stdout.strip().splitlines()[-1] == buf.getvalue().strip()
    assert len(buf.getvalue().strip()) == len(hashlib.sha256().hexdigest())


def test_the_page_sticks_show_the_throw_and_say_it_in_the_page_language():
    root = parse(zsvg.page_sticks_svg("0101", lang="fr"))
    sticks = [g for g in root.iter() if g.get("data-stick") is not None]
    assert [g.get("data-marked") for g in sticks] == ["false", "true", "false", "true"]
    assert ["is-marked" in g.get("class") for g in sticks] == [False, True, False, True]
    assert sticks[3].get("data-sahe") == "true" and "za-sahe" in sticks[3].get("class")
    assert root.get("aria-label") == "Les quatre bâtonnets"
    unthrown = parse(zsvg.page_sticks_svg(None, lang="en"))
    assert unthrown.get("aria-label") == "The sticks have not been thrown yet."
    with pytest.raises(ThrowError):
        zsvg.page_sticks_svg("0102")


def test_each_board_s_sticks_have_their_own_pattern_ids():
    """Two boards on a page draw their sticks' grooves from patterns of their own (an id
    is once on a page), each stick filled from its own board's."""
    ids = {}
    for board in ("first", "second"):
        root = parse(zsvg.page_sticks_svg("1111", board=board))
        ids[board] = {p.get("id") for p in root.iter() if p.tag.endswith("pattern")}
        fills = {r.get("fill") for r in root.iter() if "za-face-marks" in (r.get("class") or "")}
        assert ids[board] == {f"{board}-marks", f"{board}-marks-sahe"}
        assert fills == {f"url(#{board}-marks)", f"url(#{board}-marks-sahe)"}
    assert not ids["first"] & ids["second"]


def test_the_page_board_holds_every_counter_and_shows_the_count():
    root = parse(zsvg.board_svg({"ruleset": "kiowa", "counters": 2}, None, for_page=True))
    piles = [g for g in root.iter() if g.get("class") == "za-counters"]
    for pile in piles:
        sticks = [e for e in pile.iter() if e.get("data-counter") is not None]
        words = [e for e in pile.iter() if e.get("data-count") is not None and e is not pile]
        assert len(sticks) == 4 and len(words) == 5
        assert [s.get("visibility") for s in sticks] == [None, None, "hidden", "hidden"]
        shown = [w for w in words if w.get("visibility") != "hidden"]
        assert len(shown) == 1 and shown[0].get("data-count") == "2"
    # the board the build and the printables draw is unchanged
    plain = zsvg.board_svg({"ruleset": "kiowa", "counters": 2})
    assert "data-counter" not in plain and 'visibility="hidden"' not in plain


def test_the_page_board_tells_the_board_not_one_state():
    """The page moves the pieces on its drawing and says each state beside it: the
    drawing's description says nothing of where they stand, whatever state it shows."""
    options = {"ruleset": "kiowa", "counters": 2}
    shared = own_space("kiowa", 1, physical_space("kiowa", 0, 5))  # side 0's space 5
    state = {"awls": [5, shared], "counters": [1, 3], "to_move": 1, "winner": None}
    start = parse(zsvg.board_svg(options, None, for_page=True))
    later = parse(zsvg.board_svg(options, state, for_page=True))
    desc = [root.find("{http://www.w3.org/2000/svg}desc").text for root in (start, later)]
    assert desc[0] == desc[1]
    plain = parse(zsvg.board_svg(options, state)).find("{http://www.w3.org/2000/svg}desc").text
    assert plain.startswith(desc[0]) and len(plain) > len(desc[0])
    # the pieces stand where the state has them, a shared space's awls side by side
    awls = {g.get("data-awl"): g for g in later.iter() if g.get("data-awl") is not None}
    assert awls["0"].get("data-on") == awls["1"].get("data-on")
    x0, y0 = awls["0"].get("transform")[10:-1].split()
    x1, y1 = awls["1"].get("transform")[10:-1].split()
    assert y0 == y1 and float(x1) - float(x0) == 22
    counts = [g.get("data-count") for g in later.iter() if g.get("class") == "za-counters"]
    assert counts == ["1", "3"]


def test_the_page_board_of_awithlaknannai_has_no_pieces_and_both_shapes():
    root = parse(asvg.board_svg("culin", None, pieces_drawn=False))
    assert not [g for g in root.iter() if "aw-piece " in (g.get("class") or "") + " "]
    shapes = [g.get("data-piece") for g in root.iter() if g.get("class") == "aw-piece-shape"]
    assert shapes == ["B", "W"]
    titles = [t.text for t in root.iter("{http://www.w3.org/2000/svg}title")]
    assert "t1" in titles and not any("piece" in (t or "") for t in titles[1:])


def test_the_page_board_s_piece_shapes_name_the_sides_of_the_view():
    """Each piece shape the page copies names its side as the view's ``sides`` do: the
    side whose pieces have the shape's letter."""
    reply = json.loads(handle(json.dumps({"id": 1, "cmd": "awithlaknannai.new", "args": {}})))
    view = reply["result"]
    root = parse(asvg.board_svg("culin", None, pieces_drawn=False))
    shapes = {
        g.get("data-piece"): g.get("data-side")
        for g in root.iter()
        if g.get("class") == "aw-piece-shape"
    }
    assert shapes == {s["colour"]: s["name"] for s in view["sides"]}


@pytest.mark.parametrize("ruleset", ["culin", "open", "kolowis"])
@pytest.mark.parametrize("flip", [False, True])
def test_the_page_board_says_where_its_rows_go_once_turned_a_quarter(ruleset, flip):
    """Turned a quarter clockwise (the drawing's (x, y) shown at (its height - y, x)), the
    row drawn nearer the top goes to the right, and a row's points run down the screen
    when their x grows: the drawing's note names the rows and the direction so."""
    root = parse(asvg.board_svg(ruleset, None, flip=flip, pieces_drawn=False))
    at = {
        e.get("data-point"): (float(e.get("data-x")), float(e.get("data-y")))
        for e in find_all(root, "data-point")
    }
    note = json.loads(root.get("data-turned-note"))
    right, left = (
        ("turned.rowT", "turned.rowB")
        if at["t1"][1] < at["b1"][1]
        else ("turned.rowB", "turned.rowT")
    )
    down = "turned.fromTop" if at["t2"][0] > at["t1"][0] else "turned.fromBottom"
    assert note == {
        "key": "turned.note",
        "values": {"right": {"key": right}, "left": {"key": left}, "from": {"key": down}},
    }
    # the two orientations say opposite things
    other = json.loads(
        parse(asvg.board_svg(ruleset, None, flip=not flip, pieces_drawn=False)).get(
            "data-turned-note"
        )
    )
    assert other["values"]["right"] == note["values"]["left"]
    assert other["values"]["from"] != note["values"]["from"]
    # a drawing with its pieces (a picture, not the page's board) has no note
    assert parse(asvg.board_svg(ruleset, None, flip=flip)).get("data-turned-note") is None
