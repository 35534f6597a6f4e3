"""The site's search in Chromium: it finds pages in both languages, as the theme's own
search does, and its index is downloaded only when the reader opens the search
(``overrides/assets/javascripts/search-index-when-asked.js``) and built only when the
reader searches (``overrides/assets/javascripts/workers/search-when-asked.js``)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_e2e_support import wait_ready

pytestmark = pytest.mark.browser

THEME_WORKER = "/assets/javascripts/workers/search."
LUNR = "/assets/javascripts/lunr/"
INDEX = "/search/search_index.json"
# What the search box says once the search can be used (the theme's words).
READY_WORDS = {"en": "Type to start searching", "fr": "Taper pour démarrer la recherche"}


def search(page, words: str) -> str:
    """Type ``words`` into the header's search box as a reader does; return the line
    that says how many pages were found."""
    box = page.locator("input.md-search__input")
    box.click()
    # all but the last letter arrive at once (as a pasted word does), the last is typed: the
    # theme searches on the key, so its only query is the whole of ``words``, and the count
    # read is not the one of a query still being typed
    box.fill(words[:-1])
    box.press(words[-1])
    page.locator(".md-search-result__item").first.wait_for()
    return page.locator(".md-search-result__meta").text_content()


@pytest.mark.parametrize(
    ("path", "lang", "words", "found_under"),
    [("/zohn-ahl/", "en", "Mooney", "/"), ("/fr/awithlaknannai/", "fr", "bâtonnets", "/fr/")],
)
def test_a_board_page_searches_once_asked_and_not_before(visit, path, lang, words, found_under):
    page = visit.page()
    page.goto(visit.base + path)
    wait_ready(page)
    # the board plays while the index has not even been asked for
    assert any("search-when-asked.js" in u for u in visit.requests), visit.requests
    assert not [u for u in visit.requests if INDEX in u], "the index came with the page"
    # the search opened: the index arrives, and the box says the search is ready while
    # nothing of the index has been built
    page.locator("input.md-search__input").click()
    meta = page.locator(".md-search-result__meta")
    page.wait_for_function(
        "([el, words]) => el.textContent.trim() === words",
        arg=[meta.element_handle(), READY_WORDS[lang]],
    )
    assert [u for u in visit.requests if INDEX in u]
    built = [u for u in visit.requests if THEME_WORKER in u or LUNR in u]
    assert not built, f"the index was built before anyone searched: {built}"

    said = search(page, words)
    assert said.split()[0].isdigit() and int(said.split()[0]) > 0, said
    links = page.locator(".md-search-result__item a").evaluate_all("as => as.map(a => a.href)")
    assert links and all(h.startswith(visit.base + found_under) for h in links), links
    assert any(THEME_WORKER in u for u in visit.requests), "the theme's search never ran"


# Both workers given the same index and the same queries, all sent at once (the first
# one arrives while the theme's worker is still loading): their answers, in order.
SAME_ANSWERS = """async (queries) => {
  const config = JSON.parse(document.getElementById("__config").textContent);
  const root = new URL(config.base + "/", location.href);
  const ours = new URL(config.search, location.href);
  const theirs = new URL(ours.searchParams.get("worker"), ours);
  const index = await (await fetch(new URL("search/search_index.json", root))).json();
  const setup = {type: 0, data: {config: index.config, docs: index.docs, options: {suggest: false}}};
  async function ask(url) {
    const worker = new Worker(url);
    const heard = [];
    const done = new Promise((resolve, reject) => {
      worker.onerror = (e) => reject(new Error(e.message));
      worker.onmessage = (e) => {
        heard.push(e.data);
        if (heard.length === 1 + queries.length) resolve();
      };
    });
    worker.postMessage(setup);
    for (const q of queries) worker.postMessage({type: 2, data: q});
    await done;
    worker.terminate();
    return heard;
  }
  return {ours: await ask(ours.href), theirs: await ask(theirs.href)};
}"""


def test_the_search_answers_as_the_themes_own_worker(visit):
    page = visit.page()
    page.goto(visit.base + "/about/")
    queries = ["", "Kiowa", "   ", "zohn ahl", "awl game", "bâtonnets", "Culin 1907", "zzqx"]
    heard = page.evaluate(SAME_ANSWERS, queries)
    assert heard["ours"][0] == {"type": 1} and heard["theirs"][0] == {"type": 1}
    assert [m["type"] for m in heard["ours"][1:]] == [3] * len(queries)
    assert heard["ours"] == heard["theirs"]
    found = {q: len(m["data"]["items"]) for q, m in zip(queries, heard["ours"][1:], strict=True)}
    assert found["Kiowa"] > 0 and found["awl game"] > 0 and found["bâtonnets"] > 0, found
    assert found[""] == found["   "] == found["zzqx"] == 0, found


def test_a_students_page_searches_without_leading_to_the_teachers_pages(visit):
    # the same words, on a page for teachers and on a page for students
    found = {}
    for path in ("/teachers/forced-captures/", "/students/forced-captures/"):
        page = visit.page()
        page.goto(visit.base + path)
        wait_ready(page)
        said = search(page, "forced captures")
        links = page.locator(".md-search-result__item a").evaluate_all(
            "as => as.map(a => new URL(a.href).pathname)"
        )
        found[path] = (int(said.split()[0]), links)
    teachers_count, teachers_links = found["/teachers/forced-captures/"]
    students_count, students_links = found["/students/forced-captures/"]
    assert any(p.startswith("/teachers/") for p in teachers_links), teachers_links
    assert students_links and any(p.startswith("/students/") for p in students_links)
    left_out = ("/teachers/", "/printables/", "/fr/teachers/", "/fr/printables/")
    assert not [p for p in students_links if p.startswith(left_out)], students_links
    assert 0 < students_count < teachers_count  # the count says what is shown


def test_the_search_opened_by_its_key_asks_for_the_index_and_finds(visit):
    page = visit.page()
    page.goto(visit.base + "/about/")
    page.locator("article").first.wait_for()
    assert not [u for u in visit.requests if INDEX in u], "the index came with the page"
    page.keyboard.press("/")  # the theme's key for the search
    expect(page.locator("input.md-search__input")).to_be_focused()
    page.keyboard.type("Kiowa")
    page.locator(".md-search-result__item").first.wait_for()
    assert [u for u in visit.requests if INDEX in u]


def test_a_page_opened_from_a_search_result_marks_the_words_searched(visit):
    page = visit.page()
    page.goto(visit.base + "/about/?h=Kiowa")
    marked = page.locator("article mark[data-md-highlight]")
    marked.first.wait_for()
    assert "kiowa" in marked.first.text_content().lower()
    assert [u for u in visit.requests if INDEX in u]
