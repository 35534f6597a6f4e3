"""The nations' review: the setting (the plugin's ``reviews``) read strictly, the statements that
follow it on the About page and each game's first page, and the review packets (pages and
PDFs) that hold every claim the claims table makes about each nation."""

from __future__ import annotations

import datetime as dt
import html
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader
from site_build_tools import copy_project, run_build, run_publish_check

from build_scripts import claims, review_packets, reviews

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SIZES = {"a4": (595.3, 841.9), "letter": (612.0, 792.0)}
NATIONS = tuple(reviews.NATIONS)
FOLDER = {"en": "", "fr": "fr/"}


def _config(entries: object) -> dict[str, object]:
    return {"docs_dir": str(DOCS), "plugins": [{"heritage-games": {"reviews": entries}}]}


GOOD = {"nation": "kiowa", "by": "A program", "date": "2027-05-04", "pages": ["about.md"]}


@pytest.mark.parametrize(
    "entry, said",
    [
        ({**GOOD, "nation": "kiow"}, "nation 'kiow'"),
        ({**GOOD, "date": "May 2027"}, "date 'May 2027'"),
        ({**GOOD, "date": "2027-13-01"}, "date '2027-13-01'"),
        ({**GOOD, "pages": ["zohn-ahl/nowhere.md"]}, "'zohn-ahl/nowhere.md' is not a page"),
        ({**GOOD, "pages": []}, "pages must be"),
        ({**GOOD, "by": " "}, "by must name"),
        ({k: v for k, v in GOOD.items() if k != "by"}, "lacks by"),
        ({**GOOD, "when": "today"}, "unknown key(s) when"),
        ("kiowa", "is not a mapping"),
    ],
)
def test_a_malformed_entry_is_refused_naming_the_file_and_the_entry(entry, said):
    with pytest.raises(reviews.ReviewError) as err:
        reviews.reviews(_config([GOOD, entry]))
    message = str(err.value)
    assert message.startswith("mkdocs.yml: heritage-games: reviews[1] ("), message
    assert said in message, message


def test_a_good_entry_is_read_with_its_date_and_an_empty_setting_means_none():
    found = reviews.reviews(_config([{**GOOD, "date": dt.date(2027, 5, 4)}]))
    assert found == [reviews.Review("kiowa", "A program", dt.date(2027, 5, 4), ("about.md",))]
    assert reviews.reviews(_config([])) == reviews.reviews({"docs_dir": str(DOCS)}) == []
    with pytest.raises(
        reviews.ReviewError, match=r"mkdocs.yml: heritage-games: reviews must be a list"
    ):
        reviews.reviews(_config({"nation": "kiowa"}))


def test_the_statement_follows_the_setting_in_both_languages():
    entry = reviews.Review("zuni", "The museum", dt.date(2027, 6, 1), ("awithlaknannai/index.md",))
    en = reviews.statement([entry], "zuni", "en", "about.md", DOCS)
    fr = reviews.statement([entry], "zuni", "fr", "about.fr.md", DOCS)
    assert "The museum reviewed [Awithlaknannai](awithlaknannai/index.md) on 1 June 2027" in en
    assert "The museum a relu [Awithlaknannai](awithlaknannai/index.md) le 1er juin 2027" in fr
    assert "none yet" in reviews.statement([entry], "kiowa", "en", "about.md", DOCS)


def test_every_claim_of_the_table_belongs_to_one_nation():
    assert review_packets.unassigned_claims() == []
    assert set(review_packets.NATION_OF) == set(claims.CLAIMS)


# ------------------------------------------------------------------ the built site


def _marked_pages(name: str, lang: str) -> set[str]:
    """The pages (their address below the language's folder) whose source names ``name``."""
    found = set()
    for path in DOCS.rglob("*.md"):
        rel = path.relative_to(DOCS).as_posix()
        if rel.startswith(("authoring", "reviews/")) or rel.endswith(".fr.md") != (lang == "fr"):
            continue
        if f"{{{{claim: {name}}}}}" in path.read_text(encoding="utf-8"):
            stem = rel.removesuffix(".md").removesuffix(".fr").removesuffix("index")
            found.add(stem.rstrip("/") + "/" if stem.rstrip("/") else "")
    return found


def _items(page: str, section: str, next_section: str) -> list[str]:
    """The HTML of each numbered item of one section of a packet's page."""
    start = page.index(f'id="{section}"')
    end = page.index(f'id="{next_section}"') if next_section else len(page)
    return re.split(r'<h3 id="item-\d+"', page[start:end])[1:]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("nation", NATIONS)
def test_each_packet_page_holds_every_claim_about_its_nation(site_dir, nation, lang):
    page = (site_dir / FOLDER[lang] / "reviews" / nation / "index.html").read_text("utf-8")
    mine = [
        name for name, claim in claims.CLAIMS.items() if review_packets.NATION_OF[name] == nation
    ]
    items = _items(page, "statements", "choices")
    assert len(items) == len(mine)
    for name, item in zip(mine, items, strict=True):
        claim = claims.CLAIMS[name]
        linked = {href.removeprefix("../../") for href in re.findall(r'href="([^"]+)"', item)}
        assert _marked_pages(name, lang) <= linked, (name, linked)
        grade = "grade" if lang == "en" else "niveau"
        assert f"{grade} {claim.grade}</abbr>" in item, name
        if lang == "en":
            visible = " ".join(html.unescape(re.sub(r"<[^>]+>", "", item)).split())
            assert claim.what.replace("'", "\u2019") in visible.replace("'", "\u2019"), name
    assert len(_items(page, "choices", "drawings")) >= 1
    drawings = _items(page, "drawings", "")
    assert len(drawings) == len(review_packets.SHEETS[nation]) + 1  # the sheets and the map
    for slug in review_packets.SHEETS[nation]:
        suffix = "" if lang == "en" else "-fr"
        assert (site_dir / "printables" / f"{slug}-a4{suffix}.svg").is_file()
        assert any(f"printables/{slug}-a4{suffix}.svg" in item for item in drawings)
    assert page.count('class="review-reply"') == len(items) + len(
        _items(page, "choices", "drawings")
    ) + len(drawings)


def _text(path: Path) -> str:
    return " ".join(" ".join(p.extract_text() or "" for p in PdfReader(path).pages).split())


def _render(pdf: Path, out: Path) -> bytes:
    if not shutil.which("pdftoppm"):
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    args = ["pdftoppm", "-gray", "-r", "30", "-f", "1", "-l", "1", "-singlefile"]
    subprocess.run([*args, str(pdf), str(out)], check=True, timeout=120)
    return out.with_suffix(".pgm").read_bytes()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("nation", NATIONS)
def test_each_packet_pdf_comes_in_both_sizes_holds_every_claim_and_renders(
    site_dir, tmp_path, nation, lang
):
    mine = [name for name in claims.CLAIMS if review_packets.NATION_OF[name] == nation]
    for paper, size in SIZES.items():
        path = site_dir / "printables" / review_packets.file_name(nation, paper, lang)
        reader = PdfReader(path)
        box = reader.pages[0].mediabox
        assert (round(float(box.width), 1), round(float(box.height), 1)) == size, path
        text = _text(path)
        title = review_packets.WORDS[lang]["title"][nation]
        assert text.startswith(title), text[:80]
        assert "Protocols for Native American Archival Materials" in text
        item = review_packets.WORDS[lang]["item"]
        numbers = [int(n) for n in re.findall(rf"\b{item} (\d+)\b", text)]
        assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) > len(mine)
        if lang == "en":
            for name in mine:
                words = " ".join(claims.CLAIMS[name].what.split()[:6])
                assert words in text, (name, words)
        pgm = _render(path, tmp_path / f"{nation}-{paper}-{lang}")
        header = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", pgm)
        assert header
        pixels = pgm[header.end() :]
        assert sum(1 for p in pixels if p < 200) / len(pixels) > 0.01, path


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_about_page_says_the_status_and_links_both_packets(site_dir, lang):
    page = (site_dir / FOLDER[lang] / "about" / "index.html").read_text("utf-8")
    for nation in NATIONS:
        assert f'href="../reviews/{nation}/"' in page
        for paper in SIZES:
            assert review_packets.file_name(nation, paper, lang) in page
    visible = " ".join(html.unescape(re.sub(r"<[^>]+>", "", page)).split())
    for nation in ("the Kiowa Tribe", "the Pueblo of Zuni"):
        if lang == "en":
            assert f"Review by {nation}: none yet." in visible, nation
    if lang == "fr":
        assert (
            visible.count("aucune pour l\u2019instant") + visible.count("aucune pour l'instant")
            == 2
        )
    zuni = (site_dir / FOLDER[lang] / "awithlaknannai" / "index.html").read_text("utf-8")
    kiowa = (site_dir / FOLDER[lang] / "zohn-ahl" / "index.html").read_text("utf-8")
    assert 'href="../reviews/zuni/"' in zuni and 'href="../reviews/kiowa/"' in kiowa


def test_the_publish_check_names_the_packets_and_asks_to_send_them():
    done = run_publish_check()
    for nation in NATIONS:
        assert f"reviews/{nation}/" in done.stderr
        assert review_packets.RECIPIENTS[nation] in done.stderr
        for paper in SIZES:
            assert review_packets.file_name(nation, paper, "en") in done.stderr
    assert "please send each nation its review packet" in done.stderr


# ------------------------------------------------------------ builds with a review


def _with_reviews(project: Path, block: str) -> None:
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    assert "\n      reviews: []\n" in text
    indented = "".join(f"    {line}" for line in block.splitlines(keepends=True))
    config.write_text(
        text.replace("\n      reviews: []\n", "\n      reviews:\n" + indented), "utf-8"
    )


def test_a_bad_review_entry_fails_the_build_naming_the_file(tmp_path):
    project = copy_project(tmp_path / "project", pages=["about.md"])
    _with_reviews(
        project,
        "    - nation: kiowa\n      by: Someone\n      date: next spring\n"
        "      pages: [zohn-ahl/index.md]\n",
    )
    proc = run_build(project, tmp_path / "site")
    output = proc.stdout + proc.stderr
    assert proc.returncode != 0, output[-3000:]
    said = "mkdocs.yml: heritage-games: reviews[0]"
    assert said in output and "'next spring'" in output, output[-3000:]


def test_a_build_with_a_review_entry_says_so_on_every_statement(tmp_path):
    pages = ["about.md", "zohn-ahl/index.md", "awithlaknannai/index.md", "reviews/kiowa.md"]
    project = copy_project(tmp_path / "project", pages=pages)
    _with_reviews(
        project,
        "    - nation: kiowa\n      by: Kiowa Language and Culture Revitalization Program\n"
        "      date: 2027-05-04\n      pages: [zohn-ahl/index.md, zohn-ahl/history.md]\n",
    )
    site = tmp_path / "site"
    proc = run_build(project, site)
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-3000:]
    said = {
        "en": "Kiowa Language and Culture Revitalization Program reviewed",
        "fr": "Kiowa Language and Culture Revitalization Program a relu",
    }
    date = {"en": "4 May 2027", "fr": "4 mai 2027"}
    for lang in ("en", "fr"):
        for where in ("about", "zohn-ahl", "reviews/kiowa"):
            text = (site / FOLDER[lang] / where / "index.html").read_text("utf-8")
            visible = " ".join(re.sub(r"<[^>]+>", " ", text).split())
            assert said[lang] in visible and date[lang] in visible, (lang, where)
        about = (site / FOLDER[lang] / "about" / "index.html").read_text("utf-8")
        assert ("none yet" if lang == "en" else "aucune pour l") in about  # the Zuni: none
        pdf = _text(site / "printables" / review_packets.file_name("kiowa", "a4", lang))
        assert said[lang] in pdf and date[lang] in pdf


@pytest.mark.parametrize("nation", NATIONS)
def test_the_french_packets_keep_french_spacing_and_guillemets(site_dir, nation):
    """As in the other French PDFs: no line starts with a high punctuation mark or ends
    with an opening guillemet, and quotations use « »."""
    path = site_dir / "printables" / review_packets.file_name(nation, "a4", "fr")
    text = "\n".join(page.extract_text() or "" for page in PdfReader(path).pages)
    text = re.sub(r"https?://\S+|\bA:(?=\w)", "", text)  # addresses; A:shiwi, A:wan
    bad = [
        text[max(0, m.start() - 25) : m.end() + 15]
        for pattern in (r"\n[:;?!»%]", r"«\n", r"[^\W\d_][:;?!»]", r"«\w", "[“”]")
        for m in re.finditer(pattern, text)
    ]
    assert not bad, bad[:10]
