"""Sphinx configuration shared by both languages of the article.

One file, two builds, one after the other (the Makefile runs them, adding a
doctree folder outside the site and -T for full tracebacks)::

    sphinx-build -b html -c . docs/en _build/html/en -D language=en -W --keep-going -n
    sphinx-build -b html -c . docs/id _build/html/id -D language=id -W --keep-going -n

``-D language=..`` is applied after this file has run, so everything that
depends on the language (title, project name, edit links, base URL) is set
in :func:`_per_language`, on ``config-inited``, when the language is known.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))  # the package, even without `pip install -e .`

from mpsarticle import __version__, config  # noqa: E402
from mpsarticle.article.chapters import contents, toctree  # noqa: E402
from mpsarticle.article.wording import Words, catalog  # noqa: E402
from mpsarticle.config import published_dir, shared_dir  # noqa: E402
from mpsarticle.languages import LANGUAGES  # noqa: E402

# Where the site and the repository live (mpsarticle.config: their defaults,
# which the Pages workflow or a fork overrides through the environment).
BASE_URL = config.value("base_url")
REPOSITORY_URL = config.value("repository_url")
REPOSITORY_BRANCH = config.value("repository_branch")

#: Everything the page chrome says that depends on the language, from each language's catalog.
CHROME = {code: {"language": catalog(code)["site.language"], "title": catalog(code)["site.title"],
                 "copyright": catalog(code)["site.copyright"], "locale": catalog(code)["site.locale"],
                 "figure_hint": catalog(code)["site.figure_hint"],
                 "table_hint": catalog(code)["site.table_hint"], "date": catalog(code)["site.date_format"]}
          for code in LANGUAGES}
DEFAULT_LANGUAGE = "en"

# -- General -------------------------------------------------------------------

project = CHROME[DEFAULT_LANGUAGE]["title"]  # replaced per language below
author = "mpsarticle"
copyright = CHROME[DEFAULT_LANGUAGE]["copyright"]  # replaced per language below
version = release = __version__
language = DEFAULT_LANGUAGE  # the Makefile passes -D language=en|id

extensions = [
    "myst_nb",
    "sphinx.ext.mathjax",
    "sphinxext.opengraph",  # link previews: og:* tags on every page
    "sphinx_sitemap",       # sitemap.xml per language, with hreflang alternates
    "sphinx_design",        # dropdowns: depth a click away from the prose (the contents, the method's notes)
]

templates_path = [str(ROOT / "_templates")]

# Interface strings Sphinx and the themes leave in English (or, for the search
# page's summary, empty), from docs/locale/<lang>/LC_MESSAGES/*.po. They are
# compiled into _build/locale/ so the source tree gets no generated files, and
# listed first, so they win over Sphinx's and the themes' own catalogs. The
# search page's strings live in a JavaScript catalog (sphinx.js) that replaces
# Sphinx's: it is Sphinx's own with our strings laid over it.
LOCALE_SOURCES = ROOT / "docs" / "locale"
LOCALE_BUILD = ROOT / "_build" / "locale"


def _compile_catalogs() -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in sorted(LOCALE_SOURCES.glob("*/LC_MESSAGES/*.po")):
        mo = LOCALE_BUILD / po.relative_to(LOCALE_SOURCES).with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as source:
            catalog = read_po(source)
        with mo.open("wb") as target:
            write_mo(target, catalog)
        if po.stem == "sphinx":
            _write_js_catalog(catalog, po.parent.parent.name, mo.with_suffix(".js"))


def _write_js_catalog(catalog, lang: str, path: Path) -> None:
    import sphinx

    js_prefix, js_suffix = "Documentation.addTranslations(", ");"
    bundled = Path(sphinx.__file__).parent / "locale" / lang / "LC_MESSAGES" / "sphinx.js"
    data = {"locale": lang, "messages": {}, "plural_expr": "0"}
    if bundled.is_file():
        text = bundled.read_text(encoding="utf-8").strip()
        data = json.loads(text[len(js_prefix):-len(js_suffix)])
    for message in catalog:
        if not message.id or not message.string:
            continue
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        data["messages"][key] = list(message.string) if isinstance(message.string, tuple) else message.string
    path.write_text(js_prefix + json.dumps(data, ensure_ascii=False, indent=4, sort_keys=True) + js_suffix + "\n",
                    encoding="utf-8")


_compile_catalogs()
locale_dirs = [str(LOCALE_BUILD)]
exclude_patterns = ["_build", ".venv", "README.md", "**/.ipynb_checkpoints", "landing"]
root_doc = "index"

# -- MyST ----------------------------------------------------------------------

myst_enable_extensions = [
    "amsmath",
    "attrs_inline",
    "colon_fence",
    "deflist",
    "dollarmath",
    "html_image",
    "substitution",
]
myst_heading_anchors = 3
# The repository's address reaches the chapters only from here ({{ repository_link }},
# {{ clone_commands }}), so a fork that sets MPSARTICLE_REPOSITORY_URL gets its own
# clone line. clone_commands is a whole code block (a block-level substitution).
REPOSITORY_FOLDER = REPOSITORY_URL.rstrip("/").rsplit("/", 1)[-1].removesuffix(".git")
myst_substitutions = {
    "repository_link": f"[{REPOSITORY_URL}]({REPOSITORY_URL})",
    "readme_link": f"[README]({REPOSITORY_URL.rstrip('/')}/blob/{REPOSITORY_BRANCH}/README.md)",
    "clone_commands": f"```bash\ngit clone {REPOSITORY_URL.rstrip('/')}.git\ncd {REPOSITORY_FOLDER}\n```",
}

# -- MyST-NB: every build executes every chapter -------------------------------

# jupyter-cache keys only on the cells' source, so it would serve old numbers
# after a change to the package or the machine: execute every time.
nb_execution_mode = "force"
# A failing cell fails the build (never a published traceback) and its
# traceback goes to the terminal.
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_execution_allow_errors = False
# Measurements on a slow CPU with the "full" profile take a while.
nb_execution_timeout = 3600
nb_merge_streams = True
# Anything a cell writes to stderr (warnings, stray progress) is kept out of
# the page and reported as a Sphinx warning, which -W turns into a failed
# build. A cell that means to show stderr can carry the tag "remove-stderr"
# or set output_stderr in its metadata. Progress bars go to the kernel's real
# stderr (the terminal), not to the page: see mpsarticle.measure.loop.progress_stream.
nb_output_stderr = "remove-warn"
# Never the jupyter-cache (see above), so keep its folder out of the site.
nb_execution_cache_path = str(ROOT / "_build" / ".jupyter_cache")


def _kernelspec() -> None:
    """Make the kernel "python3" that chapters declare run this interpreter, quietly.

    The kernelspec is written under _build/ and put first on JUPYTER_PATH, ahead
    of any "python3" in the user's home. It runs sys.executable (the virtualenv's
    Python, which runs Sphinx) with two settings:

    - capture_fd_output=False: ipykernel otherwise copies whatever the process
      writes to its file descriptors 1 and 2 into the cell's output, so progress
      written to sys.__stderr__ (mpsarticle.measure.loop) would land in the page. Off,
      it goes to the terminal running the build.
    - log_level=ERROR: no kernel start-up chatter in the build log (a warning
      that the kernel's local TCP sockets are unencrypted).

    It also puts this checkout first on the kernel's PYTHONPATH, as the line
    above does for Sphinx: the chapters measure with this checkout's package,
    never with another checkout's that the virtualenv happens to have
    installed in editable mode (a shared .venv, a git worktree), whose code
    and commit would otherwise be the ones measured and recorded.
    """
    kernels = ROOT / "_build" / "jupyter" / "kernels" / "python3"
    kernels.mkdir(parents=True, exist_ok=True)
    spec = {
        "argv": [
            sys.executable, "-m", "ipykernel_launcher",
            "--IPKernelApp.capture_fd_output=False",
            "--IPKernelApp.log_level=ERROR",
            "-f", "{connection_file}",
        ],
        "env": {"PYTHONPATH": os.pathsep.join(dict.fromkeys(
            [str(ROOT), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]))},
        "display_name": "Python 3 (mpsarticle build)",
        "language": "python",
        "metadata": {"debugger": False},
    }
    (kernels / "kernel.json").write_text(json.dumps(spec, indent=1) + "\n", encoding="utf-8")
    search = [str(kernels.parent.parent), *filter(None, os.environ.get("JUPYTER_PATH", "").split(os.pathsep))]
    os.environ["JUPYTER_PATH"] = os.pathsep.join(dict.fromkeys(search))
    # The debugger's frozen-modules notice, printed when a kernel starts.
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")


_kernelspec()


def _one_kernel_start_at_a_time() -> None:
    """Let the chapters' kernels start one at a time, even when Sphinx runs the chapters side by side.

    The Makefile runs a language's chapters at once (``-j``), each in its own
    kernel. A kernel manager picks the kernel's five TCP ports by binding port 0
    and letting go, and the kernel binds them a moment later: two kernels
    starting at once can be given the same port, and one dies ("Address already
    in use"), failing the build. A lock file held from the ports' choice until
    the kernel answers (it has bound them all by then) closes that window; the
    chapters still run side by side once started. MyST-NB starts kernels through
    nbclient with no hook of its own, so the lock wraps nbclient's two start-up
    steps. Without ``fcntl`` (Windows) kernels start as before.
    """
    try:
        import fcntl
    except ImportError:
        return
    from nbclient import NotebookClient

    lock = ROOT / "_build" / "kernel-start.lock"
    start_kernel = NotebookClient.async_start_new_kernel
    start_client = NotebookClient.async_start_new_kernel_client

    async def kernel(self, **kwargs):
        lock.parent.mkdir(parents=True, exist_ok=True)
        handle = self._mpsarticle_start_lock = lock.open("w")
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            return await start_kernel(self, **kwargs)
        except BaseException:
            handle.close()
            raise

    async def client(self):
        try:
            return await start_client(self)
        finally:
            handle = getattr(self, "_mpsarticle_start_lock", None)
            if handle is not None:
                handle.close()

    NotebookClient.async_start_new_kernel = kernel
    NotebookClient.async_start_new_kernel_client = client


_one_kernel_start_at_a_time()

# -- HTML ----------------------------------------------------------------------

html_theme = "sphinx_book_theme"
html_title = CHROME[DEFAULT_LANGUAGE]["title"]  # replaced per language below
html_baseurl = BASE_URL
html_static_path = [str(ROOT / "docs" / "_static")]
html_css_files = ["mpsarticle.css"]
html_js_files = ["mpsarticle.js"]
html_last_updated_fmt = ""  # the build date, in the page language
html_copy_source = True
html_show_sourcelink = False

# Raw data the chapters publish with the site (data/results.json, .csv),
# filled during execution and copied at the end of the build. It must exist
# before Sphinx checks html_extra_path.
_published = published_dir()
_published.mkdir(parents=True, exist_ok=True)
html_extra_path = [str(_published)]

html_theme_options = {
    "repository_url": REPOSITORY_URL,
    "repository_branch": REPOSITORY_BRANCH,
    "path_to_docs": f"docs/{DEFAULT_LANGUAGE}",  # replaced per language below
    "use_edit_page_button": True,
    "use_repository_button": True,
    "use_issues_button": True,
    "use_download_button": True,
    "home_page_in_toc": True,
    "show_navbar_depth": 2,
    # The language switcher sits before the theme's buttons (download,
    # light/dark switch, search) in the article header of every page.
    "article_header_end": ["lang-switch.html", "article-header-buttons.html"],
}

# -- Link previews and sitemap ----------------------------------------------------

# sphinxext-opengraph: og:title, og:description (from the page's first
# paragraphs), og:url and a social card image (drawn with matplotlib) on every
# page. The site URL, site name and locale are set per language below.
ogp_type = "article"

# sphinx-sitemap: each language's build writes <lang>/sitemap.xml listing its
# pages, each with <xhtml:link rel="alternate" hreflang> to the same page in
# every language (sitemap_locales). URLs are site URL + "<lang>/<page>.html".
# The site root gets a sitemap index naming both (_write_sitemap_index).
site_url = BASE_URL if BASE_URL.endswith("/") else BASE_URL + "/"
sitemap_url_scheme = "{lang}{link}"
sitemap_locales = list(LANGUAGES)
sitemap_excludes = ["search.html", "genindex.html"]

# The mpsarticle_* keys are read by _templates/lang-switch.html and layout.html.
html_context = {
    # The theme follows the reader's system light/dark setting until the
    # switch is used (an empty mode logs a console error).
    "default_mode": "auto",
    "mpsarticle_languages": LANGUAGES,
    "mpsarticle_site_url": BASE_URL if BASE_URL.endswith("/") else BASE_URL + "/",
}


def _css_string(text: str) -> str:
    """``text`` as a quoted CSS string that cannot end the string or the <style> element it is written in."""
    return '"' + "".join(f"\\{ord(c):x} " if c in '"\\<>\n' else c for c in text) + '"'


def _per_language(app, config) -> None:
    """Set what depends on the language, now that -D language=.. is applied."""
    lang = config.language or DEFAULT_LANGUAGE
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {sorted(LANGUAGES)}, not {lang!r}")
    strings = CHROME[lang]
    config.project = strings["title"]
    config.copyright = strings["copyright"]
    config.html_title = strings["title"]
    # The footer's build date, as the language writes a date (Sphinx reads these codes through Babel).
    config.html_last_updated_fmt = strings["date"]
    site = html_context["mpsarticle_site_url"]
    config.html_baseurl = f"{site}{lang}/"
    config.html_theme_options = {**config.html_theme_options, "path_to_docs": f"docs/{lang}"}
    config.ogp_site_url = f"{site}{lang}/"
    config.ogp_site_name = strings["title"]
    config.ogp_custom_meta_tags = [
        f'<meta property="og:locale" content="{CHROME[code]["locale"]}" />' if code == lang else
        f'<meta property="og:locale:alternate" content="{CHROME[code]["locale"]}" />'
        for code in LANGUAGES
    ]
    config.html_context = {
        **config.html_context,
        "mpsarticle_language": lang,
        # Shown under each chart on a phone by docs/_static/mpsarticle.css (layout.html sets it as a CSS string).
        "mpsarticle_figure_hint": _css_string(strings["figure_hint"]),
        # Under a table wider than a phone's screen (docs/_static/mpsarticle.js marks which tables are).
        "mpsarticle_table_hint": _css_string(strings["table_hint"]),
        # The switcher's links: every other language, each by its own name.
        "mpsarticle_other_languages": [(code, CHROME[code]["language"]) for code in LANGUAGES if code != lang],
    }


def _write_sitemap_index(app, exception) -> None:
    """The site root's sitemap.xml: a sitemap index naming each language's sitemap.

    sphinx-sitemap writes one sitemap per build (so per language); search
    engines find a site's sitemaps from one index at its root. Each language's
    build writes the same file (the site root is the parent of its output).
    """
    if exception is not None or app.builder.format != "html":
        return
    from xml.etree import ElementTree

    namespace = "http://www.sitemaps.org/schemas/sitemap/0.9"
    index = ElementTree.Element("sitemapindex", xmlns=namespace)
    for code in LANGUAGES:
        entry = ElementTree.SubElement(index, "sitemap")
        ElementTree.SubElement(entry, "loc").text = f"{site_url}{code}/{app.config.sitemap_filename}"
    ElementTree.ElementTree(index).write(Path(app.outdir).parent / "sitemap.xml", xml_declaration=True,
                                         encoding="utf-8")


def _copy_shared(app, exception) -> None:
    """Copy what the chapters published once for every language (the archive's data, mpsarticle.page) to the site's
    root, beside the language folders: one copy, which each language's pages link as ``../data/...``. Each
    language's build copies the same files."""
    if exception is not None or app.builder.format != "html":
        return
    import shutil

    if shared_dir().is_dir():
        shutil.copytree(shared_dir(), Path(app.outdir).parent, dirs_exist_ok=True)


def _list_chapters(app, docname: str, source: list[str]) -> None:
    """The opening page's table of contents and the introduction's list of what each chapter measures: every
    registered chapter (mpsarticle.article.chapters.toctree and contents)."""
    if docname == "index":
        source[0] = toctree(source[0])
    elif docname == "intro":
        source[0] = contents(source[0], Words(app.config.language))


#: An alt text the build writes, for a figure whose picture differs from build to build: ``:alt: glue:<key>`` in a
#: page's source stands for the text the page glued as ``<key>``.
GLUED_ALT = "glue:"


def _glued_alt(app, doctree, docname: str) -> None:
    """Give each image whose alt text names a glued value (:data:`GLUED_ALT`) that value, read from the glued values
    myst-nb keeps beside the page's notebook: the alt text of the chart this build draws, not of every chart a
    build could draw. A value not found leaves the alt text empty, which the site's tests reject."""
    from docutils import nodes
    from myst_nb.core.variables import format_plain_text
    from myst_nb.ext.glue.crossref import read_glue_cache

    for image in doctree.findall(nodes.image):
        alt = image.get("alt", "")
        if alt.startswith(GLUED_ALT):
            glued = read_glue_cache(app.env.mystnb_config.output_folder, docname).get(alt[len(GLUED_ALT):])
            text = (glued or {}).get("data", {}).get("text/plain")
            image["alt"] = format_plain_text(text, "") if text else ""


def setup(app):
    app.connect("config-inited", _per_language)
    app.connect("source-read", _list_chapters)
    app.connect("doctree-resolved", _glued_alt)
    app.connect("build-finished", _write_sitemap_index)
    app.connect("build-finished", _copy_shared)
    # Before the theme registers its own catalog (when the builder starts), so
    # that ours is consulted first and the theme's is the fallback.
    app.add_message_catalog("booktheme", str(LOCALE_BUILD))
