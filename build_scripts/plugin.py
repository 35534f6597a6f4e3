"""The site's MkDocs plugin: the build's steps, in the order they run.

Registered as ``heritage-games`` under the ``mkdocs.plugins`` entry point
(``pyproject.toml``) and turned on in ``mkdocs.yml`` under ``plugins:``; its settings are
:class:`build_scripts.config.GamesConfig`. Each MkDocs event is one method below that calls
the plain functions of the other modules of ``build_scripts/`` in a visible order; what
one build remembers from one page or language to the next is a :class:`BuildState` on the
plugin, made afresh at the start of each build (``mkdocs serve`` keeps the plugin across
its rebuilds, so two builds in one process give the same site).

mkdocs-static-i18n builds the default language, then each other language from inside its
own ``on_post_build`` (priority -100), into the same site; so the plugin's work after a
build has two moments: :meth:`GamesPlugin.after_each_language` (before mkdocs-static-i18n's,
for each language) and :meth:`GamesPlugin.after_whole_site` (after it: once the whole site
is written). A site without mkdocs-static-i18n gets both, once.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, cast

from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils.templates import TemplateContext

from build_scripts import (
    answer_fields,
    claims,
    corrections,
    fences,
    footnotes,
    french_typography,
    glossary,
    grades,
    joined,
    lab,
    lab_figures,
    languages,
    offline,
    page_policy,
    page_words,
    precompress,
    printable_pdfs,
    public_words,
    review_build,
    ruleset_names,
    runtime,
    site_assets,
    student_nav,
    twin_headings,
    vendor,
)
from build_scripts.board_blocks import keep_first_static_boards
from build_scripts.config import GamesConfig
from build_scripts.page_language import built_language, first_language_build, whole_site_built
from build_scripts.security import CSP

log = logging.getLogger("mkdocs.plugins.heritage_games")

I18N_WARNING = "language switcher contextual link is not compatible"


class KnownI18nWarning(logging.Filter):
    """Lower one known mkdocs-static-i18n warning to INFO so that ``--strict`` can pass.

    mkdocs-static-i18n warns that its language switcher's per-page ("contextual") links
    are "not compatible with navigation.instant": with instant navigation the header is
    not re-rendered, so the switcher would keep the links of the first page of the visit.
    The site needs navigation.instant (one Python worker per tab across pages), and
    ``docs/assets/js/language-switch.js`` brings the switcher's links up to date after
    each instant navigation, so the warning does not apply here. Every other warning
    still fails the strict build.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno == logging.WARNING and I18N_WARNING in record.getMessage():
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


@dataclass
class BuildState:
    """What one build (every language of it) keeps between its events."""

    renderer: fences.FenceRenderer = field(default_factory=fences.FenceRenderer)
    """The custom fences: the page being rendered and the blocks refused so far."""
    lessons: dict[str, answer_fields.Lesson] = field(default_factory=dict)
    """The lessons (teachers' and students' pages paired), read before each language."""
    joined: dict[str, str] = field(default_factory=dict)
    """The joined style sheet's and head script's names, for the templates."""
    default_404: bytes | None = None
    """The default language's ``404.html``, which the next language's build overwrites."""
    warned: set[str] = field(default_factory=set)
    """The placeholder correction addresses already announced."""
    headings: twin_headings.Read = field(default_factory=dict)
    """The headings of the pages read so far, for their twins (:mod:`build_scripts.twin_headings`)."""


def display_path(page: Page, config: MkDocsConfig) -> str:
    """The page's source file as a path from the project folder (``docs/authoring.md``)."""
    docs = Path(config["docs_dir"])
    try:
        base = Path(config["config_file_path"]).parent
        return (docs / page.file.src_uri).relative_to(base).as_posix()
    except (ValueError, TypeError, KeyError):
        return f"{docs.name}/{page.file.src_uri}"


def keep_default_404(config: MkDocsConfig, state: BuildState) -> None:
    """Each language's build writes ``404.html`` at the site root, so the last language
    built (French) would replace the English page. Keep the default language's page at
    the root and move the other one to ``<lang>/404.html``."""
    page = Path(config["site_dir"]) / "404.html"
    if not page.is_file():
        return
    if first_language_build(config):
        state.default_404 = page.read_bytes()
    elif state.default_404 is not None:
        lang = built_language(config)
        (Path(config["site_dir"]) / lang).mkdir(exist_ok=True)
        (Path(config["site_dir"]) / lang / "404.html").write_bytes(page.read_bytes())
        page.write_bytes(state.default_404)


def install_runtime(site_dir: Path, printables: bool) -> None:
    """Pyodide, the engine wheel and the runtime manifest (and the printable sheets) into
    the site, with a line in the log."""
    try:
        manifest = runtime.install_runtime(site_dir)
        wrote = printables and runtime.write_printables(site_dir)
    except runtime.RuntimeInstallError as err:
        raise PluginError(str(err)) from None
    log.info(
        "Engine %s (wheel %s) and Pyodide %s copied into %s%s",
        manifest["engine"],
        manifest["hash"],
        manifest["pyodide"],
        site_dir / runtime.RUNTIME,
        "; printables written" if wrote else "",
    )


class GamesPlugin(BasePlugin[GamesConfig]):  # type: ignore[no-untyped-call]
    """The build of a site whose pages hold playable boards (see the module's docstring)."""

    def __init__(self) -> None:
        self.state = BuildState()
        self.serving = False
        self.lab = lab_figures.LabFigures()
        """The probability lab's figures worked out so far, for the pages and the worksheets
        of every build the plugin makes: unlike the build's state, kept from one build to
        the next (see :mod:`build_scripts.lab_figures` for why that is safe)."""

    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        # (having this method also keeps the plugin across the rebuilds of mkdocs serve)
        self.serving = command == "serve"

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        if first_language_build(config):  # a new build (not a language of the same one)
            self.state = BuildState()
        i18n_log = logging.getLogger("mkdocs.plugins.mkdocs_static_i18n.reconfigure")
        if not any(isinstance(f, KnownI18nWarning) for f in i18n_log.filters):
            i18n_log.addFilter(KnownI18nWarning())
        site_assets.add_theme_dir(config)
        if self.config.runtime:
            site_assets.add_scripts(config)
        fences.register(config, self.state.renderer)
        footnotes.set_backlink_title(config)
        if self.config.sources:
            corrections.warn_if_unconfigured(config, self.state.warned)
        return config

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        if self.config.sources:
            claims.check_registry(config)
            review_build.check_settings(config)
        if self.config.lessons:
            self.state.lessons = answer_fields.lessons(Path(config["docs_dir"]))

    # after mkdocs-static-i18n's (-100), which sorts the language's files by source path
    @event_priority(-110)
    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        site_assets.add_asset_files(files, config)
        self.state.joined = joined.join_files(files, config)
        return files

    def on_env(self, env: Environment, *, config: MkDocsConfig, files: Files) -> Environment:
        env.globals["content_security_policy"] = CSP
        env.globals.update(self.state.joined)
        return env

    def on_page_markdown(
        self, markdown: str, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        self.state.renderer.begin_page(
            display_path(page, config), built_language(config), markdown, dict(page.meta)
        )
        markdown = ruleset_names.named_rulesets(markdown, page)
        if self.config.sources:
            markdown = claims.checked_markdown(markdown, page)
            # (after the check, which reads the page as written; before the grades' links)
            markdown = review_build.page_markdown(markdown, page, config)
        if self.config.lessons:
            markdown = lab.lab_markdown(markdown, page, self.lab)
            markdown = answer_fields.page_markdown(markdown, page, config, self.state.lessons)
        return markdown

    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        # first: a refused block stops the build before any other rewriting
        fences.raise_refused(self.state.renderer)
        html = keep_first_static_boards(html)
        if self.config.sources:
            html = grades.linked_grades(html, page)
            html = glossary.linked_glossary(html, page)
            html = corrections.with_footer(html, page, config)
        html = twin_headings.mark_twins(html, page, config, self.state.headings)
        if self.config.lessons:
            html = student_nav.check_student_links(html, page)
        # last: every word the steps above added is checked too
        return public_words.check_public_page(html, page)

    def on_page_context(
        self, context: TemplateContext, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        if self.config.lessons:
            student_nav.student_context(cast("dict[str, Any]", context), page, nav)
        return context

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        output = languages.language_homes(output, page)
        output = french_typography.french_page(output, page)
        if self.config.offline:
            output = offline.manifest_links(output, page, config)
        # last: the page is checked as it is written out
        return page_policy.check_page(output, page)

    def on_post_template(
        self, output_content: str, *, template_name: str, config: MkDocsConfig
    ) -> str:
        output_content = languages.template_homes(output_content, template_name, config)
        return page_policy.check_template(output_content, template_name)

    @event_priority(0)
    def after_each_language(self, *, config: MkDocsConfig) -> None:
        """After each language's build, before mkdocs-static-i18n builds the next."""
        fences.raise_all_refused(self.state.renderer)
        keep_default_404(config, self.state)
        site_dir = Path(config["site_dir"])
        if self.config.runtime and first_language_build(config):
            # (once, at the site root: every language's pages share it)
            install_runtime(site_dir, self.config.printables)
        languages.write_sitemaps(config)
        if self.config.runtime:
            page_words.write_words(site_dir)
            vendor.install_vendor(site_dir)

    @event_priority(-150)  # after mkdocs-static-i18n's on_post_build (-100)
    def after_whole_site(self, *, config: MkDocsConfig) -> None:
        """Once the whole site is written: every language, the final search index."""
        if not whole_site_built(config):
            return  # a language built from inside mkdocs-static-i18n: wait for the whole site
        site_dir = Path(config["site_dir"])
        if self.config.printables:
            printable_pdfs.write_site_pdfs(site_dir, self.lab)
            if self.config.sources:  # (the nations' review packets, from the claims)
                review_build.write_pdfs(config, site_dir / "printables")
        if self.config.offline:  # the offline copy lists every file written before it
            offline.write_offline(config, self.serving)
        if self.config.precompress and not self.serving:  # (serve sends nothing compressed)
            precompress.precompress_site(site_dir)

    on_post_build = CombinedEvent(after_each_language, after_whole_site)
