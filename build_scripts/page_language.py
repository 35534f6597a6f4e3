"""Which language a page is written in, and which language is being built: the one place
the build works them out. The languages themselves are :data:`engine.words.LANGUAGES`
(the default first).

mkdocs-static-i18n builds each language in turn into one site (the default language at
the root, the others in their own folder) and gives every source file the locale of its
suffix (``x.md`` English, ``x.fr.md`` French).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.words import DEFAULT_LANGUAGE, LANGUAGES

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.plugins import BasePlugin
    from mkdocs.structure.pages import Page

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "OTHER_LANGUAGES",
    "built_language",
    "first_language_build",
    "folder",
    "i18n_plugin",
    "known",
    "page_language",
    "source_name",
    "whole_site_built",
]

OTHER_LANGUAGES = tuple(lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE)
"""The languages built into their own folder of the site."""


def known(lang: object) -> str:
    """``lang`` if it is one of the site's languages, else the default one."""
    return lang if isinstance(lang, str) and lang in LANGUAGES else DEFAULT_LANGUAGE


def folder(lang: str) -> str:
    """The folder of a language's pages in the site: ``""`` for the default, ``"fr/"``."""
    return "" if lang == DEFAULT_LANGUAGE else f"{lang}/"


def source_name(stem: str, lang: str) -> str:
    """The Markdown file of page ``stem`` in ``lang``: ``x.md``, ``x.fr.md``."""
    return f"{stem}.md" if lang == DEFAULT_LANGUAGE else f"{stem}.{lang}.md"


def page_language(page: Page) -> str:
    """The language ``page`` is written in: the locale mkdocs-static-i18n gives its file,
    or, without it, the language its file name ends with (``x.fr.md``)."""
    locale = getattr(page.file, "locale", None)
    if locale is None:
        path = str(getattr(page.file, "src_uri", "") or page.file.src_path)
        locale = next((lang for lang in OTHER_LANGUAGES if path.endswith(f".{lang}.md")), None)
    return known(locale)


def i18n_plugin(config: MkDocsConfig) -> BasePlugin[Any] | None:
    """mkdocs-static-i18n's plugin, if the site uses it."""
    return config.plugins.get("i18n") if hasattr(config, "plugins") else None


def built_language(config: MkDocsConfig) -> str:
    """The language being built (mkdocs-static-i18n's current language, or the theme's)."""
    plugin = i18n_plugin(config)
    lang = getattr(plugin, "current_language", None) if plugin else None
    if not lang:
        theme = config.get("theme")
        lang = (theme.get("language") if theme else None) or DEFAULT_LANGUAGE
    return known(lang)


def first_language_build(config: MkDocsConfig) -> bool:
    """True for the default language's build (mkdocs-static-i18n builds the others from
    its ``on_post_build``, into the same site_dir)."""
    plugin = i18n_plugin(config)
    if plugin is None:
        return True
    current = getattr(plugin, "current_language", None)
    return current is None or current == getattr(plugin, "default_language", current)


def whole_site_built(config: MkDocsConfig) -> bool:
    """True in the ``on_post_build`` that follows the last language's build: not in one of
    the languages mkdocs-static-i18n builds from inside its own ``on_post_build``."""
    plugin = i18n_plugin(config)
    return plugin is None or not getattr(plugin, "building", False)
