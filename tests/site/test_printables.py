"""The printable sheets: every file written, valid SVG, real paper sizes."""

import importlib.util
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NS = "{http://www.w3.org/2000/svg}"


def _load():
    spec = importlib.util.spec_from_file_location(
        "printables", ROOT / "build_scripts" / "printables.py"
    )
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


printables = _load()

SHEETS = (
    "zohn-ahl-cloth",
    "zohn-ahl-square",
    "mosona-lined",
    "mosona-open",
    "kolowis",
    "zohn-ahl-sticks",
)


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    out = tmp_path_factory.mktemp("printables")
    return out, printables.write_printables(out)


def test_every_sheet_paper_and_language_is_written(written):
    out, files = written
    names = {Path(p).name for p, _ in files}
    for sheet in SHEETS:
        for paper in ("a4", "letter"):
            assert f"{sheet}-{paper}.svg" in names
            assert f"{sheet}-{paper}-fr.svg" in names
    assert len(names) == len(files) == len(SHEETS) * 4
    for path, size in files:
        assert Path(path).parent == out
        assert Path(path).stat().st_size == size > 1000


def _root(path):
    return ET.parse(path).getroot()


def _mm(value):
    if value.endswith("mm"):
        return float(value[:-2])
    if value.endswith("in"):
        return float(value[:-2]) * 25.4
    raise AssertionError(f"no physical unit in {value!r}")


def test_paper_sizes_and_view_box(written):
    _, files = written
    for path, _ in files:
        root = _root(path)
        assert root.tag == NS + "svg"
        w, h = root.get("width"), root.get("height")
        if "-a4" in Path(path).name:
            assert (w, h) == ("210mm", "297mm")
        else:
            assert (w, h) == ("8.5in", "11in")
        vb = [float(v) for v in root.get("viewBox").split()]
        # the viewBox has the page's proportions, so nothing is stretched
        assert vb[2] / vb[3] == pytest.approx(_mm(w) / _mm(h), rel=1e-3)


def test_boards_are_complete_and_have_credits(written):
    _, files = written
    by_name = {Path(p).name: p for p, _ in files}
    expect = {
        "zohn-ahl-cloth": ("data-space", 40),
        "zohn-ahl-square": ("data-space", 28),
        "mosona-lined": ("data-point", 25),
        "mosona-open": ("data-point", 25),
        "kolowis": ("data-point", 47),
    }
    for sheet, (attr, count) in expect.items():
        for lang in ("", "-fr"):
            root = _root(by_name[f"{sheet}-a4{lang}.svg"])
            cls = "za-space" if attr == "data-space" else "aw-point"
            marks = [
                e for e in root.iter() if attr in e.attrib and cls in e.get("class", "").split()
            ]
            assert len(marks) == count
            assert not [
                e
                for e in root.iter()
                if "data-awl" in e.attrib or "aw-piece" in e.get("class", "").split()
            ]  # blank boards
            credits = [e.text for e in root.iter() if e.get("class") == "credit"]
            assert credits and any("Culin" in c or "Globe" in c for c in credits)
            assert root.find(NS + "title").text


def test_sticks_sheet_has_both_faces_and_the_sahe(written):
    _, files = written
    by_name = {Path(p).name: p for p, _ in files}
    for name in ("zohn-ahl-sticks-a4.svg", "zohn-ahl-sticks-letter-fr.svg"):
        root = _root(by_name[name])
        sticks = [e for e in root.iter() if e.get("class") == "stick"]
        assert [s.get("data-stick") for s in sticks] == ["0", "1", "2", "3"]
        assert [s.get("data-sahe") for s in sticks] == [None, None, None, "true"]
        for s in sticks:
            assert len([e for e in s.iter() if e.get("class") == "cut"]) == 1
            assert len([e for e in s.iter() if e.get("class") == "fold"]) == 1
            assert [e for e in s.iter() if e.get("class") == "za-groove"]
        texts = " ".join(e.text or "" for e in root.iter(NS + "text"))
        assert "sahe" in texts


def test_output_is_deterministic(written, tmp_path):
    _, files = written
    again = printables.write_printables(tmp_path)
    assert [s for _, s in again] == [s for _, s in files]
    for (a, _), (b, _) in zip(files, again):
        assert Path(a).read_bytes() == Path(b).read_bytes()


def test_command_line(tmp_path, capsys):
    assert printables.main([str(tmp_path / "out")]) == 0
    assert len(list((tmp_path / "out").glob("*.svg"))) == len(SHEETS) * 4
    assert printables.main([]) == 2
