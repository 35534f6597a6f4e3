"""The language switch stays on the page being read, also after instant navigation."""

import pytest

pytestmark = pytest.mark.browser


def _switch_links(page) -> dict[str, str]:
    return page.eval_on_selector_all(
        ".md-select a[hreflang]",
        "links => Object.fromEntries(links.map(a => [a.getAttribute('hreflang'), new URL(a.href).pathname]))",
    )


def test_switch_follows_instant_navigation_and_lands_on_the_twin_page(warm_page, site_url):
    page = warm_page
    page.goto(site_url + "zohn-ahl/names/")
    assert _switch_links(page) == {"en": "/zohn-ahl/names/", "fr": "/fr/zohn-ahl/names/"}

    # An instant navigation (the header is kept) to another page of the visit.
    page.evaluate("window.sameVisit = true")
    page.evaluate("() => document.querySelector('article').setAttribute('data-left', '')")
    page.click(".md-nav--primary a[href$='history/']:visible >> nth=0")
    page.wait_for_url("**/history/")
    # the address changes first, the page's content (and its switch) when it has arrived
    page.wait_for_function("() => !document.querySelector('article[data-left]')")
    assert page.evaluate("window.sameVisit") is True, "the navigation reloaded the page"
    path = page.evaluate("location.pathname")
    page.wait_for_function(
        "(p) => [...document.querySelectorAll('.md-select a[hreflang=fr]')]"
        ".some(a => new URL(a.href).pathname === p)",
        arg="/fr" + path,
    )
    assert _switch_links(page)["fr"] == "/fr" + path

    page.hover(".md-select button")
    page.click(".md-select a[hreflang='fr']")
    page.wait_for_url("**/fr" + path)
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert _switch_links(page) == {"en": path, "fr": "/fr" + path}

    page.hover(".md-select button")
    page.click(".md-select a[hreflang='en']")
    page.wait_for_url(site_url.rstrip("/") + path)
    assert page.evaluate("document.documentElement.lang") == "en"


def test_every_language_folder_has_its_sitemap(site_dir):
    """mkdocs-material's instant navigation reads the sitemap beside each language's pages."""
    english = (site_dir / "sitemap.xml").read_text(encoding="utf-8")
    french = (site_dir / "fr" / "sitemap.xml").read_text(encoding="utf-8")
    assert "/fr/zohn-ahl/names/</loc>" in french
    assert french.count("<loc>") * 2 == english.count("<loc>")


def test_pages_of_both_languages_ask_for_nothing_that_is_missing(warm_page, site_url):
    """The theme looks for a sitemap beside each language's home: every request succeeds."""
    page = warm_page
    failed = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    for path in ("", "zohn-ahl/names/", "fr/", "fr/awithlaknannai/history/"):
        page.goto(site_url + path)
        page.wait_for_load_state("networkidle")
    assert failed == []


@pytest.mark.parametrize(
    ("start", "link", "turn"),
    [
        ("zohn-ahl/names/", "fr/awithlaknannai/", "Aux Noirs de jouer"),
        ("fr/zohn-ahl/names/", "awithlaknannai/", "Black to move"),
    ],
    ids=["en-to-fr", "fr-to-en"],
)
def test_a_link_to_a_page_in_the_other_language_opens_that_page_in_its_language(
    warm_page, site_url, start, link, turn
):
    """An author's link from a page of one language to a page of the other opens the page it
    names (not the other language's twin of the page being read, where the theme sends its
    own language links once it has read that language's sitemap), and that page says which
    language it is in: its board speaks it."""
    page = warm_page
    page.goto(site_url + start, wait_until="networkidle")  # the theme has read the sitemaps
    page.evaluate(
        """(href) => { const a = document.createElement('a'); a.href = href; a.id = 'across';
        a.textContent = 'other language'; document.querySelector('article').append(a); }""",
        site_url + link,
    )
    page.click("#across")
    page.wait_for_url(site_url + link)
    lang = "fr" if link.startswith("fr/") else "en"
    assert page.evaluate("document.documentElement.lang") == lang
    board = page.locator('.board[data-game="awithlaknannai"]').first
    page.wait_for_function(
        "b => b.dataset.ready === 'true'", arg=board.element_handle(), timeout=120_000
    )
    assert turn in board.locator(".board-turn").text_content()
