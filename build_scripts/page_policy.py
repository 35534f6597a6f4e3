"""Every page carries the site's Content-Security-Policy and runs no inline script (a step of the site's plugin, :mod:`build_scripts.plugin`).

- ``on_env``: give the theme templates (``overrides/main.html``) the policy of
  :mod:`build_scripts.security`, which the template writes first in every page's
  ``<head>`` as ``<meta http-equiv="Content-Security-Policy">``.
- ``on_post_page`` / ``on_post_template``: fail the build, naming the page, if a page
  comes out without that exact policy before its first script, with an inline script
  the policy would block (only ``type="application/json"`` data blocks may be inline), or
  with a ``<style>`` element or a ``style="..."`` attribute (the policy's ``style-src``
  has no ``'unsafe-inline'``: the browser would ignore them).
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import TYPE_CHECKING

from mkdocs.exceptions import PluginError

from build_scripts.security import CSP

if TYPE_CHECKING:
    from mkdocs.structure.pages import Page

ROOT = Path(__file__).resolve().parent.parent


_META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
_SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.S | re.I)
_DATA_TYPES = ("application/json", "application/ld+json")
_STYLE_ELEMENT = re.compile(r"<style\b", re.I)
_STYLE_ATTRIBUTE = re.compile(r"<[a-zA-Z][^<>]*?\sstyle\s*=\s*[\"']?([^\"'>]{0,60})", re.I)


def policy_problems(page_html: str) -> list[str]:
    """What is wrong with one built page's policy: [] when it is right."""
    problems = []
    match = _META.search(page_html)
    if match is None:
        return ["no Content-Security-Policy <meta> in <head>"]
    if html.unescape(match.group(1)) != CSP:
        problems.append(f"a Content-Security-Policy other than the site's: {match.group(1)!r}")
    first_script = page_html.find("<script")
    if first_script != -1 and first_script < match.start():
        problems.append("a script comes before the Content-Security-Policy <meta>")
    for attrs, body in _SCRIPT.findall(page_html):
        kind = re.search(r'type="([^"]*)"', attrs)
        if "src=" in attrs or not body.strip():
            continue
        if kind is None or kind.group(1) not in _DATA_TYPES:
            problems.append(f"an inline script the policy blocks: {body.strip()[:80]!r}")
    markup = _SCRIPT.sub("", page_html)  # data blocks may hold any text
    if _STYLE_ELEMENT.search(markup):
        problems.append("a <style> element the policy blocks")
    attribute = _STYLE_ATTRIBUTE.search(markup)
    if attribute:
        problems.append(f"a style attribute the policy blocks: {attribute.group(1)!r}")
    return problems


def _check(output: str, where: str) -> str:
    problems = policy_problems(output)
    if problems:
        raise PluginError(f"{where}: " + "; ".join(problems))
    return output


def check_page(output: str, page: Page) -> str:
    """The page as it is written out, unchanged; the build fails on what the policy blocks."""
    return _check(output, f"the page built from docs/{page.file.src_uri}")


def check_template(output_content: str, template_name: str) -> str:
    """The theme's page (``404.html``) unchanged; the build fails on what the policy blocks."""
    if template_name.endswith(".html"):
        return _check(output_content, f"the theme's {template_name}")
    return output_content
