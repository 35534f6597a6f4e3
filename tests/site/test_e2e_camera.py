"""The class results page reads the hand-in QR codes a class shows to the device's
camera, in the page: Chromium's fake camera plays a video of a hand-in QR code made here
(drawn by the site's own QR module, written as a YUV4MPEG2 file), the permission is
granted as a teacher would (Chromium's fake prompt), and the code read is added to the
codes, said in words, once. Printed, the table says the lesson, the date and the number of
codes, without the page's instructions."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest
from chromium import CHROMIUM, CHROMIUM_FLAGS
from test_e2e_support import Visit

from build_scripts.answer_fields import lessons
from build_scripts.hand_in_code import HandIn, encode

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
WIDTH, HEIGHT = 640, 480

DRAW = """async (code) => {
  const { drawQr } = await import("/assets/js/qr.js");
  const canvas = document.createElement("canvas");
  await drawQr(canvas, code, { scale: 8, level: "M", alphanumeric: true });
  const pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
  let grey = "";
  for (let i = 0; i < pixels.data.length; i += 4) grey += String.fromCharCode(pixels.data[i]);
  return { size: canvas.width, grey: btoa(grey) };
}"""


def y4m(grey: bytes, size: int, frames: int = 5) -> bytes:
    """A YUV4MPEG2 video (4:2:0) of the square picture ``grey`` (one byte a pixel) in the
    middle of a white frame, still."""
    luma = bytearray([235]) * (WIDTH * HEIGHT)
    top, left = (HEIGHT - size) // 2, (WIDTH - size) // 2
    for y in range(size):
        row = grey[y * size : (y + 1) * size]
        luma[(top + y) * WIDTH + left : (top + y) * WIDTH + left + size] = bytes(
            16 + v * 219 // 255 for v in row
        )
    chroma = bytes([128]) * (WIDTH * HEIGHT // 4)
    frame = b"FRAME\n" + bytes(luma) + chroma + chroma
    return f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F10:1 Ip A1:1 C420jpeg\n".encode() + frame * frames


@pytest.fixture(scope="module")
def camera_video(browser, e2e_url, tmp_path_factory):
    """A hand-in code of the stick-dice lesson (3 of its answers right, named AK) and the
    video of its QR code, as the site draws it."""
    lesson = lessons(ROOT / "docs")["stick-dice-odds"]
    tries = [1, 2, 0, 1] + [0] * (len(lesson.fields) - 4)
    code = encode(HandIn(lesson.number, lesson.version, tries, None, "AK"))
    page = browser.new_page()
    try:
        page.goto(e2e_url + "/")
        drawn = page.evaluate(DRAW, code)
    finally:
        page.close()
    assert drawn["size"] < HEIGHT
    path = tmp_path_factory.mktemp("camera") / "hand-in.y4m"
    path.write_bytes(y4m(base64.b64decode(drawn["grey"]), drawn["size"]))
    return code, path, len(lesson.fields)


def test_the_results_page_reads_a_hand_in_qr_code_from_the_camera(browser, e2e_url, camera_video):
    code, video, n = camera_video
    chromium = browser.browser_type.launch(
        executable_path=CHROMIUM,
        args=[
            *CHROMIUM_FLAGS,
            "--use-fake-device-for-media-stream",
            "--use-fake-ui-for-media-stream",
            f"--use-file-for-fake-video-capture={video}",
        ],
    )
    visit = Visit(chromium, e2e_url)
    try:
        page = visit.page()
        page.goto(e2e_url + "/teachers/results/?lesson=stick-dice-odds")
        why = page.locator(".class-results-camera-why").inner_text()
        assert "nothing is sent" in why and "permission" in why, why
        page.get_by_role("button", name="Scan codes with the camera").click()
        heard = page.locator('[data-results-part="heard"]')
        heard.filter(has_text=f"Read: AK, 3 of {n} right.").wait_for()
        assert page.locator("#results-codes").input_value().split() == [code]
        assert page.locator(".class-results-grid tbody tr").count() == 1
        # the same code shown again is not added twice
        heard.filter(has_text="Already read: AK.").wait_for()
        assert page.locator("#results-codes").input_value().split() == [code]
        page.get_by_role("button", name="Stop the camera").click()
        heard.filter(has_text="The camera is off.").wait_for()
        assert page.evaluate("() => document.querySelector('video').srcObject") is None
        # printed: what the table is, and not the instructions
        page.emulate_media(media="print")
        head = page.locator('[data-results-part="print-head"]')
        assert head.is_visible()
        assert re.fullmatch(r".+, .*\d{4}: 1 code read\.", head.inner_text()), head.inner_text()
        assert "Stick" in head.inner_text() or "stick" in head.inner_text()
        assert page.locator("article h1").is_hidden()
        assert page.locator(".class-results-camera-why").is_hidden()
        assert page.locator(".class-results-grid").is_visible()
        assert visit.errors == [] and visit.off_origin() == []
    finally:
        visit.close()
        chromium.close()
