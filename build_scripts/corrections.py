"""A "Suggest a correction" link at the foot of every page (a step of the site's plugin, :mod:`build_scripts.plugin`).

Where corrections go is a setting of the site's plugin, in ``mkdocs.yml``::

    plugins:
      - heritage-games:
          corrections:
            email: corrections@example.org     # an address the maintainers read
            issues: https://tracker.example/new  # or an issue tracker's "new issue" address

The link is prefilled with the page's title and address: an ``issues`` address gets
``?title=...&body=...`` (the query an issue tracker such as GitHub's or GitLab's reads), an
``email`` a ``mailto:`` with a subject and a body. When both are set, the issue tracker
comes first and the address second. The About page explains what happens to a correction.

Every channel gets the same message: the page's title and address, then room for the
passage and for what is wrong (``WORDS[lang]["body"]``).

An address on a reserved example domain (``example.org``, ``.invalid``...) or none at all
means the maintainers have not said where corrections go. The build still passes, so that
a fresh copy can be tried out and served locally, but it prints a loud notice on the error
stream, and each page's foot says in words that no correction address is set (no link to
a placeholder), but for the pages for students, whose foot only links how corrections
are handled. Publishing refuses such a configuration: ``build_scripts/publish_check.py``.
"""

from __future__ import annotations

import html as html_lib
import re
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urlencode, urlsplit

from build_scripts import words as build_words
from build_scripts.aids import is_student_page
from build_scripts.config import plugin_settings
from build_scripts.page_language import page_language

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.pages import Page


WORDS = build_words.section("corrections")
_PLACEHOLDER = re.compile(r"(^|[.@])(example\.(org|com|net)|invalid|test|localhost)$", re.I)


def settings(config: Mapping[str, Any]) -> dict[str, str]:
    raw = plugin_settings(config).get("corrections") or {}
    return {key: str(raw.get(key) or "").strip() for key in ("email", "issues")}


def is_placeholder(where: dict[str, str]) -> bool:
    """True when no real destination is configured."""
    hosts = []
    if where.get("email"):
        hosts.append(where["email"].rsplit("@", 1)[-1])
    if where.get("issues"):
        hosts.append(urlsplit(where["issues"]).hostname or "")
    return not hosts or all(_PLACEHOLDER.search(host or "invalid") for host in hosts)


def links(where: dict[str, str], title: str, url: str, lang: str) -> list[tuple[str, str]]:
    """``[(href, text), ...]``: where a reader of the page ``title`` at ``url`` sends a
    correction, the issue tracker first."""
    words = WORDS[lang]
    subject = words["subject"].format(title=title)
    body = words["body"].format(url=url)
    out = []
    if where.get("issues"):
        sep = "&" if "?" in where["issues"] else "?"
        query = urlencode({"title": subject, "body": body}, quote_via=quote)
        out.append((f"{where['issues']}{sep}{query}", words["label"]))
    if where.get("email"):
        query = urlencode({"subject": subject, "body": body}, quote_via=quote)
        text = words["label"] + (f" ({words['by-email']})" if out else "")
        out.append((f"mailto:{where['email']}?{query}", text))
    return out


def footer_html(
    where: dict[str, str],
    title: str,
    url: str,
    lang: str,
    about_href: str,
    *,
    student: bool = False,
) -> str:
    """The foot of a page. Without a correction address a page for students (``student``)
    only links how corrections are handled: the notice that no address is set is for
    whoever publishes the site (the teachers' pages and the build's message say it), not
    for a class."""
    words = WORDS[lang]
    link = f'<a href="{html_lib.escape(about_href)}">{html_lib.escape(words["about"])}</a>'
    about = f"({link})"
    if is_placeholder(where) and student:
        return (
            f'\n<aside class="corrections" aria-label="{html_lib.escape(words["label"])}">'
            f"<p>{html_lib.escape(words['lead'])} {link}</p></aside>\n"
        )
    if is_placeholder(where):
        return (
            f'\n<aside class="corrections corrections-not-set" '
            f'aria-label="{html_lib.escape(words["label"])}">'
            f"<p>{html_lib.escape(words['lead'])} <strong>{html_lib.escape(words['not-set'])}"
            f"</strong> {about}</p></aside>\n"
        )
    anchors = " · ".join(
        f'<a class="corrections-link" href="{html_lib.escape(href)}">{html_lib.escape(text)}</a>'
        for href, text in links(where, title, url, lang)
    )
    return (
        f'\n<aside class="corrections" aria-label="{html_lib.escape(words["label"])}">'
        f"<p>{html_lib.escape(words['lead'])} {anchors} {about}</p></aside>\n"
    )


def warn_if_unconfigured(config: MkDocsConfig, warned: set[str]) -> None:
    """A loud notice on the error stream when no real correction address is set, once per
    address in ``warned`` (the plugin's: once per build, not once per language)."""
    where = settings(config)
    if not is_placeholder(where):
        return
    key = f"{where.get('email')}|{where.get('issues')}"
    if key in warned:
        return
    warned.add(key)
    bar = "!" * 78
    sys.stderr.write(
        f"\n{bar}\n!! CORRECTIONS ARE NOT CONFIGURED ({where.get('email') or where.get('issues') or 'none'!s}):\n"
        "!! the foot of every page says that no correction address is set.\n"
        "!! Set corrections: email (an address the maintainers read) and/or issues\n"
        "!! (an issue tracker's new-issue URL) of the heritage-games plugin in mkdocs.yml.\n"
        "!! Publishing (the Pages workflow, make offline) refuses this configuration.\n"
        f"{bar}\n\n"
    )


def with_footer(html: str, page: Page, config: MkDocsConfig) -> str:
    """The page's HTML with its correction link (or the notice that none is set) at its foot."""
    from mkdocs.utils import get_relative_url

    lang = page_language(page)
    where = settings(config)
    url = (config.get("site_url") or "").rstrip("/") + "/" + page.url
    title = page.title or config.get("site_name") or ""
    prefix = "" if lang == "en" else f"{lang}/"
    about = get_relative_url(prefix + "about/", page.url) + "#corrections"
    student = page.file is not None and is_student_page(page.file.src_uri)
    return html + footer_html(where, str(title), url, lang, about, student=student)
