"""The chances view of a Zohn Ahl board and the probability lab, as a reader uses them:
in headless Chromium, on the built site."""

from __future__ import annotations

import html
import re

import pytest
import test_e2e_support
from site_visits import play_a_move
from test_e2e_support import NOTE_REQUESTS, asked, engine_reply

pytestmark = pytest.mark.browser

LAB = "/teachers/probability-lab/"
SLOW = 240_000  # ms: the first solve of a ruleset in the page's Python, on a busy machine
#: The loops the worker offers the engine for the solver (JavaScript), loaded when asked.
LOOPS = ("/chain-sweeps.mjs", "/chain-carry.mjs")


def wait_ready(page, selector):
    """The shared helper, with this file's patience: these pages also solve the game."""
    patience = test_e2e_support.READY_MS
    test_e2e_support.READY_MS = max(patience, SLOW)
    try:
        return test_e2e_support.wait_ready(page, selector)
    finally:
        test_e2e_support.READY_MS = patience


def test_the_chances_view_shows_and_follows_the_throws(visit):
    page = visit.page()
    page.goto(visit.base + LAB)
    board = wait_ready(page, "#chances-lab")
    panel = board.locator("details.za-chances")
    assert panel.get_attribute("open") is not None  # `chances: on` opens it
    page.wait_for_function(
        "b => b.querySelector('.za-chances').dataset.throws === '0'",
        arg=board.element_handle(),
        timeout=SLOW,
    )
    now = panel.locator(".za-chances-now").text_content()
    assert re.search(r"Red \d+%, Green \d+%", now), now
    assert panel.locator(".za-chances-graph svg title").count() == 1
    assert "at the start" in panel.locator(".za-chances-graph svg desc").text_content()
    rows = panel.locator(".za-chances-next tbody tr")
    assert rows.count() == 5
    assert "1/16" in rows.nth(0).text_content() or "1/16" in panel.locator("table").text_content()

    board.locator('select[data-action="opponent"]').select_option("person")
    board.locator('[data-action="speed"]').click()
    for n in (1, 2):
        page.wait_for_function(
            "b => !b.querySelector('[data-action=throw]').disabled", arg=board.element_handle()
        )
        board.get_by_role("button", name=re.compile("Throw")).first.click()
        page.wait_for_function(
            f"b => b.querySelector('.za-chances').dataset.throws === '{n}'",
            arg=board.element_handle(),
            timeout=SLOW,
        )
    change = panel.locator(".za-chances-change").text_content()
    assert re.search(r"(Red|Green)'s chance (rose|fell|stayed)", change), change
    said = panel.locator(".za-chances-live").text_content()
    assert change in said  # announced in words
    # the graph now has a point per state, and says where the chance stands
    desc = panel.locator(".za-chances-graph svg desc").text_content()
    assert "after 2 throws" in desc, desc
    series = panel.locator(".za-chances-graph svg g.chart-series")
    assert series.count() == 2
    assert series.nth(1).locator("path").first.get_attribute("stroke-dasharray")
    assert visit.off_origin() == []


def test_a_play_board_keeps_the_chances_closed_until_asked(visit):
    page = visit.page()
    page.goto(visit.base + "/zohn-ahl/")
    board = wait_ready(page, '.board[data-game="zohn-ahl"]')
    panel = board.locator("details.za-chances")
    assert panel.count() == 1 and panel.get_attribute("open") is None
    # the solver's loops (JavaScript) come with the first request for chances, not before
    assert not [u for u in visit.requests if u.endswith(LOOPS)]
    panel.locator("summary").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "b => b.querySelector('.za-chances').dataset.throws !== undefined",
        arg=board.element_handle(),
        timeout=SLOW,
    )
    assert re.search(r"\d+%", panel.locator(".za-chances-now").text_content())
    assert all(any(u.endswith(loop) for u in visit.requests) for loop in LOOPS)


def test_the_lab_reads_without_the_engine_and_refuses_a_bad_bias_in_words(visit):
    page = visit.page()
    page.goto(visit.base + LAB)
    # the build's tables are there at once
    first = page.locator(".lab-rulesets tr[data-ruleset='kiowa'] td[data-k='first']")
    fair = first.text_content()
    assert re.fullmatch(r"\d+\.\d\d%", fair), fair
    assert (
        page.locator(".lab-values[data-table='sahe'] td[data-value='6']").text_content() == "1/16"
    )
    assert page.locator(".lab-chart[data-chart='length'] svg desc").count() == 1
    bias = page.locator("input[data-lab='bias']")
    page.wait_for_function(
        "() => !document.querySelector(\"[data-lab='bias']\").disabled", timeout=SLOW
    )
    # a bad bias is refused in words that quote it, and the figures stay
    bias.fill("3/2")
    page.get_by_role("button", name="Work it out again").click()
    page.wait_for_function(
        "() => /3\\/2/.test(document.querySelector(\"[data-lab='status']\").textContent)",
        timeout=SLOW,
    )
    assert (
        page.locator(".lab-values[data-table='sahe'] td[data-value='6']").text_content() == "1/16"
    )
    assert first.text_content() == fair
    # the bias goes to the engine as typed: a decimal comma is read, a bad text quoted
    for typed, said in (("0,5", "Done.*1\\/2"), ("0,2,5", "0,2,5")):
        bias.fill(typed)
        page.get_by_role("button", name="Work it out again").click()
        page.wait_for_function(
            f"() => /{said}/.test(document.querySelector(\"[data-lab='status']\").textContent)",
            timeout=SLOW,
        )
        assert first.text_content() == fair


def test_the_tally_compares_with_the_expectation(visit):
    page = visit.page()
    page.goto(visit.base + LAB)
    counts = {"0": "10", "1": "40", "2": "60", "3": "40", "4": "10"}
    for k, v in counts.items():
        page.locator(f".lab-tally input[data-k='{k}']").fill(v)
    verdict = page.locator("[data-lab='verdict']").text_content()
    assert "160 throws" in verdict and "below 9.49" in verdict, verdict
    page.locator(".lab-tally input[data-k='4']").fill("60")
    verdict = page.locator("[data-lab='verdict']").text_content()
    assert "above 9.49" in verdict, verdict
    assert (
        page.locator(".lab-tally tr[data-k='2'] td[data-role='expected']").text_content() == "78.8"
    )


# An init script: how many times the page ended a worker, in window.__terminated.
COUNT_TERMINATED = """(() => {
  window.__terminated = 0;
  const terminate = Worker.prototype.terminate;
  Worker.prototype.terminate = function () {
    window.__terminated += 1;
    return terminate.call(this);
  };
})()"""
LAB_ASKED = asked("c === 'zohn-ahl.lab'")
PREPARED = f"{LAB_ASKED}.filter((a) => a.part === 'prepare').length"  # the lab's preparations
SENT = f"{LAB_ASKED}.filter((a) => a.part !== 'prepare')"  # and the figures it asked for


def test_other_sticks_are_worked_out_once_a_second_bias_stops_the_first_and_fair_sticks_come_from_the_build(
    visit,
):
    page = visit.page()
    page.add_init_script(NOTE_REQUESTS)
    page.add_init_script(COUNT_TERMINATED)
    page.goto(visit.base + LAB)
    first = page.locator(".lab-rulesets tr[data-ruleset='kiowa'] td[data-k='first']")
    fair = first.text_content()
    page.wait_for_function(
        "() => !document.querySelector(\"[data-lab='bias']\").disabled", timeout=SLOW
    )
    bias = page.locator("input[data-lab='bias']")
    again = page.get_by_role("button", name="Work it out again")
    # once the reader comes to the controls, the lab prepares what every bias shares, one
    # ruleset at a time, and nothing more
    bias.scroll_into_view_if_needed()
    page.wait_for_selector("[data-lab-controls][data-prepared='true']", timeout=SLOW)
    rulesets = page.locator(".lab-rulesets tr[data-ruleset]").count()
    assert page.evaluate(PREPARED) == rulesets == 5
    assert page.evaluate(f"{SENT}.length") == 0
    bias.fill("3/5")
    again.click()
    # the engine is at work on the lab for 3/5 when the reader changes the bias again
    page.wait_for_function(f"() => {SENT}.length > 0", timeout=SLOW)
    sent = page.evaluate(f"{SENT}.length")
    bias.fill("2/3")
    page.locator("select[data-lab='counters']").select_option("2")
    again.click()
    page.wait_for_function(
        "() => /Done.*2\\/3/.test(document.querySelector(\"[data-lab='status']\").textContent)",
        timeout=4 * SLOW,
    )
    seen = page.evaluate(SENT)
    assert (
        page.evaluate("window.__terminated") >= 1
    )  # the first computation was stopped, not waited for
    assert (
        page.locator(".lab-values[data-table='sahe'] td[data-value='6']").text_content() == "16/81"
    )
    assert first.text_content() != fair
    assert page.locator(".lab-comeback tbody tr").count() == 3
    # the chains were swept and the game lengths carried by the worker's own loops
    # (JavaScript), and the chart drawn from them says what the engine in CPython says:
    # each ruleset's commonest length and its mean
    assert all(any(u.endswith(loop) for u in visit.requests) for loop in LOOPS)
    said = page.locator(".lab-chart[data-chart='length'] svg desc").text_content()
    svg = engine_reply("zohn-ahl.lab", {"bias": "2/3", "counters": 2, "length": True})["length_svg"]
    desc = re.search(r"<desc[^>]*>(.*?)</desc>", svg, re.S)
    assert desc and said.strip() == html.unescape(desc.group(1)).strip()
    later = [a for a in seen[sent:] if a.get("bias") == "2/3"]
    # each ruleset asked once for its row and once for its game lengths, then the chart
    rows = [(a["ruleset"], a["gully"], bool(a.get("length"))) for a in later if "ruleset" in a]
    assert len(rows) == len(set(rows)) == 10
    assert sum(1 for a in later if "ruleset" not in a and "part" not in a) == 1
    # fair sticks again: the build's figures, without asking the engine
    before = len(seen)
    bias.fill("0.5")
    page.locator("select[data-lab='counters']").select_option("4")
    again.click()
    page.wait_for_function(
        "() => /Done.*1\\/2/.test(document.querySelector(\"[data-lab='status']\").textContent)",
        timeout=SLOW,
    )
    assert first.text_content() == fair
    assert page.locator(".lab-comeback tbody tr").count() == 7
    assert page.evaluate(f"{SENT}.length") == before


# An init script (after NOTE_REQUESTS): how many preparations the lab had sent when the
# board `chances-lab` began its set-up and when it became playable, in window.__prepared.
NOTE_PREPARED_AT_SET_UP = """(() => {
  window.__prepared = {};
  const sent = () => window.__requests.filter((r) => r.cmd === 'zohn-ahl.lab' && r.args.part === 'prepare').length;
  new MutationObserver(() => {
    const b = document.getElementById('chances-lab');
    if (!b) return;
    if (b.dataset.mounted && !('mounted' in window.__prepared)) window.__prepared.mounted = sent();
    if (b.dataset.ready === 'true' && !('ready' in window.__prepared)) window.__prepared.ready = sent();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-mounted', 'data-ready'] });
})()"""


def test_a_board_on_the_labs_page_plays_while_the_lab_prepares(visit):
    """The reader comes to the lab's controls (the lab then prepares what every bias
    shares, one ruleset per request), then scrolls on to the board below: no preparation
    is sent while the board is being set up (its requests go first), the board plays, and
    the lab's preparations go on afterwards."""
    page = visit.page()
    page.add_init_script(NOTE_REQUESTS)
    page.add_init_script(NOTE_PREPARED_AT_SET_UP)
    page.goto(visit.base + LAB)
    board = page.locator("#chances-lab")
    assert board.get_attribute("data-mounted") is None  # (far down the page)
    page.locator("input[data-lab='bias']").scroll_into_view_if_needed()
    page.wait_for_function(f"() => {PREPARED} > 0", timeout=SLOW)
    wait_ready(page, "#chances-lab")
    prepared = page.evaluate("window.__prepared")
    assert prepared["ready"] == prepared["mounted"], prepared
    assert play_a_move(page, board)
    page.wait_for_selector("[data-lab-controls][data-prepared='true']", timeout=SLOW)
    assert page.evaluate(PREPARED) == page.locator(".lab-rulesets tr[data-ruleset]").count()


# An init script: every text the lab's status showed, in order, in window.__said.
NOTE_STATUS = """(() => {
  window.__said = [];
  document.addEventListener("DOMContentLoaded", () => {
    const status = document.querySelector("[data-lab='status']");
    const note = () => {
      const text = status.textContent;
      if (text !== window.__said[window.__said.length - 1]) window.__said.push(text);
    };
    new MutationObserver(note).observe(status, { subtree: true, childList: true, characterData: true });
  });
})()"""


def test_pressed_the_moment_the_page_opens_the_lab_answers_with_the_engines_figures(visit):
    page = visit.page()
    page.add_init_script(NOTE_REQUESTS)
    page.add_init_script(NOTE_STATUS)
    page.goto(visit.base + LAB)
    bias = page.locator("input[data-lab='bias']")
    # pressed as soon as it can be, before Python has started (or just after)
    page.wait_for_function(
        "() => !document.querySelector(\"[data-lab='bias']\").disabled", timeout=SLOW
    )
    bias.fill("3/5")
    # (how many of the lab's requests had gone when the press landed, noted by the page
    # itself: the click comes when it comes on a busy machine, and what the lab did before
    # it is not the test's subject)
    page.evaluate(
        "() => document.querySelector(\"[data-lab='recompute']\").addEventListener('click', () => {"
        " window.__askedAtPress = window.__requests.filter((r) => r.cmd === 'zohn-ahl.lab').length;"
        " }, { capture: true })"
    )
    page.get_by_role("button", name="Work it out again").click()
    page.wait_for_function(
        "() => /Done.*3\\/5/.test(document.querySelector(\"[data-lab='status']\").textContent)",
        timeout=4 * SLOW,
    )
    # the figures are the engine's (CPython) for these sticks, every ruleset's row
    for row in page.locator(".lab-rulesets tr[data-ruleset]").all():
        ruleset, gully = row.get_attribute("data-ruleset"), row.get_attribute("data-gully")
        want = engine_reply(
            "zohn-ahl.lab", {"bias": "3/5", "counters": 4, "ruleset": ruleset, "gully": gully}
        )["variants"][0]
        assert row.locator("td[data-k='first']").text_content() == f"{100 * want['first']:.2f}%"
        assert row.locator("td[data-k='length']").text_content() == f"{want['expected_throws']:.1f}"
    # the worker installed what every bias shares from the build's file, once, instead of
    # reading it from the rules; the lab prepared no more once the reader had asked (at
    # most the one step under way when the button was pressed), and said each step as
    # it went, the page showing each part as it landed
    shipped = [u for u in visit.requests if u.endswith("/zohn-ahl.chains")]
    assert len(shipped) == 1
    order = page.evaluate(f"{LAB_ASKED}.map((a) => a.part === 'prepare')")
    after = order[page.evaluate("window.__askedAtPress") :]
    assert False in after and after.index(False) <= 1, order
    assert True not in after[after.index(False) :], order
    steps = [t for t in page.evaluate("window.__said") if re.search(r"\d+ of \d+", t)]
    assert len(steps) >= 5, steps
