"""Which language a page is in: the one function every hook asks."""

from __future__ import annotations

from types import SimpleNamespace

from build_scripts.page_language import LANGUAGES, page_language, source_name


def _page(src: str, locale: str | None = None) -> SimpleNamespace:
    """A page as MkDocs hands it to a hook: its file, with the locale mkdocs-static-i18n
    sets (or none, before it has)."""
    file = SimpleNamespace(src_uri=src, src_path=src)
    if locale is not None:
        file.locale = locale
    return SimpleNamespace(file=file)


def test_a_page_is_in_the_language_of_its_locale():
    assert page_language(_page("zohn-ahl/rules.fr.md", "fr")) == "fr"
    assert page_language(_page("zohn-ahl/rules.md", "en")) == "en"


def test_without_a_locale_the_file_name_says():
    assert page_language(_page("zohn-ahl/rules.fr.md")) == "fr"
    assert page_language(_page("zohn-ahl/rules.md")) == "en"


def test_an_unknown_language_falls_back_to_the_default():
    assert page_language(_page("rules.de.md", "de")) == LANGUAGES[0]
    assert page_language(_page("rules.de.md")) == LANGUAGES[0]


def test_each_language_finds_its_own_source_file():
    for lang in LANGUAGES:
        assert page_language(_page(source_name("students/stick-dice-odds", lang))) == lang
