"""No link injection: every link the page's scripts write stays on the site's origin.

The 404 page answers at any missing address, including addresses whose path looks like
another site (``//other.example/x/``). Hosts serve it there; so does the server here.
Its language links, which a script rewrites from the address, must stay on this site.
"""

from __future__ import annotations

import functools
import http.server
import threading
from urllib.parse import urlsplit

import pytest
from site_server import QuietHandler, built_site_url, wait_for

pytestmark = pytest.mark.browser

HOSTILE = [
    "//evil.example/x/",
    "/\\evil.example/x/",
    "//evil.example",
    "///evil.example/x/",
    "/%2F%2Fevil.example/x/",
    "/%5C%5Cevil.example/x/",
    "/javascript:alert(1)//",
    "/fr//evil.example/x/",
    "/fr/%2F%2Fevil.example/",
    "/no-such-page/?//evil.example/",
]


class _NotFoundHandler(QuietHandler):
    """Serves the site's 404 page (French under /fr/) for a missing address, as static
    hosts do, including the addresses that the site's own server refuses outright (400 for
    a backslash or a colon in the path): another host may answer those with its 404 page."""

    def send_error(self, code, message=None, explain=None):
        if code not in (400, 404):
            return super().send_error(code, message, explain)
        lang = "fr/" if self.path.lstrip("/\\").startswith("fr/") else ""
        body = (self.site_dir / lang / "404.html").read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture(scope="module")
def not_found_url(site_dir):
    handler = type(
        "Handler",
        (_NotFoundHandler,),
        {"site_url": built_site_url(site_dir), "site_dir": site_dir},
    )
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(site_dir))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    wait_for(url + "/")
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


def _language_links(page) -> dict[str, str]:
    page.wait_for_function("() => document.querySelectorAll('.md-select a[hreflang]').length >= 2")
    page.wait_for_load_state("load")
    return page.eval_on_selector_all(
        ".md-select a[hreflang]",
        "links => Object.fromEntries(links.map(a => [a.getAttribute('hreflang'), a.href]))",
    )


@pytest.mark.parametrize("path", HOSTILE)
def test_the_404_page_language_links_stay_on_the_site(warm_page, not_found_url, path):
    page = warm_page
    response = page.goto(not_found_url + path)
    assert response.status == 404
    assert page.locator("h1").first.text_content().strip().startswith("404")
    links = _language_links(page)
    assert set(links) == {"en", "fr"}
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(not_found_url))
    for lang, href in links.items():
        parts = urlsplit(href)
        assert f"{parts.scheme}://{parts.netloc}" == origin, f"{path}: {lang} -> {href}"
        assert not parts.path.startswith("//"), f"{path}: {lang} -> {href}"
    # every link a script left in the page stays on the site too
    hrefs = page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)")
    away = [
        h
        for h in hrefs
        if not h.startswith(origin + "/") and not h.startswith("https://squidfunk.github.io/")
    ]
    assert away == []


def test_a_missing_page_links_to_its_twin_or_home_in_the_other_language(warm_page, not_found_url):
    page = warm_page
    page.goto(not_found_url + "/no-such-page/")
    page.wait_for_function(
        "() => document.querySelector('.md-select a[hreflang=en]').pathname === '/no-such-page/'"
    )
    links = _language_links(page)
    assert urlsplit(links["en"]).path == "/no-such-page/"
    assert urlsplit(links["fr"]).path == "/fr/no-such-page/"
    page.goto(not_found_url + "/fr/no-such-page/")
    assert page.evaluate("document.documentElement.lang") == "fr"
    page.wait_for_function(
        "() => document.querySelector('.md-select a[hreflang=en]').pathname === '/no-such-page/'"
    )
    links = _language_links(page)
    assert urlsplit(links["en"]).path == "/no-such-page/"


@pytest.mark.parametrize("lang_path", ["404.html", "fr/404.html"])
def test_the_built_404_pages_name_each_language_home(site_dir, lang_path):
    text = (site_dir / lang_path).read_text(encoding="utf-8")
    assert '<a href="/" hreflang="en" class="md-select__link">' in text
    assert '<a href="/fr/" hreflang="fr" class="md-select__link">' in text
