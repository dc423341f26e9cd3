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

# Where the site and the repository live: the only place these are set. The
# Pages workflow (or a fork) overrides them through the environment.
BASE_URL = os.environ.get("MPSARTICLE_BASE_URL", "https://mpsarticle.github.io/mpsarticle/")
REPOSITORY_URL = os.environ.get("MPSARTICLE_REPOSITORY_URL", "https://github.com/mpsarticle/mpsarticle")
REPOSITORY_BRANCH = os.environ.get("MPSARTICLE_REPOSITORY_BRANCH", "main")

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))  # the package, even without `pip install -e .`

from mpsarticle import __version__  # noqa: E402
from mpsarticle.runner import published_dir  # noqa: E402

#: Everything the page chrome says that depends on the language.
LANGUAGES = {
    "en": {
        "name": "English",
        "title": "How fast is your Mac's GPU for PyTorch?",
        "project": "How fast is your Mac's GPU for PyTorch?",
        "copyright": "2023–2026, the mpsarticle authors",
    },
    "id": {
        "name": "Bahasa Indonesia",
        "title": "Seberapa cepat GPU Mac Anda untuk PyTorch?",
        "project": "Seberapa cepat GPU Mac Anda untuk PyTorch?",
        "copyright": "2023–2026, para penulis mpsarticle",
    },
}
DEFAULT_LANGUAGE = "en"

# -- General -------------------------------------------------------------------

project = LANGUAGES[DEFAULT_LANGUAGE]["project"]  # replaced per language below
author = "mpsarticle"
copyright = LANGUAGES[DEFAULT_LANGUAGE]["copyright"]  # replaced per language below
version = release = __version__
language = DEFAULT_LANGUAGE  # the Makefile passes -D language=en|id

extensions = [
    "myst_nb",
    "sphinx.ext.mathjax",
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
# stderr (the terminal), not to the page: see mpsarticle.runner.
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
      written to sys.__stderr__ (mpsarticle.runner) would land in the page. Off,
      it goes to the terminal running the build.
    - log_level=ERROR: no kernel start-up chatter in the build log (a warning
      that the kernel's local TCP sockets are unencrypted).
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

# -- HTML ----------------------------------------------------------------------

html_theme = "sphinx_book_theme"
html_title = LANGUAGES[DEFAULT_LANGUAGE]["title"]  # replaced per language below
html_baseurl = BASE_URL
html_static_path = [str(ROOT / "docs" / "_static")]
html_css_files = ["mpsarticle.css"]
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

# The mpsarticle_* keys are read by _templates/lang-switch.html and layout.html.
html_context = {
    # The theme follows the reader's system light/dark setting until the
    # switch is used (an empty mode logs a console error).
    "default_mode": "auto",
    "mpsarticle_languages": LANGUAGES,
    "mpsarticle_site_url": BASE_URL if BASE_URL.endswith("/") else BASE_URL + "/",
}


def _per_language(app, config) -> None:
    """Set what depends on the language, now that -D language=.. is applied."""
    lang = config.language or DEFAULT_LANGUAGE
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {sorted(LANGUAGES)}, not {lang!r}")
    strings = LANGUAGES[lang]
    config.project = strings["project"]
    config.copyright = strings["copyright"]
    config.html_title = strings["title"]
    site = html_context["mpsarticle_site_url"]
    config.html_baseurl = f"{site}{lang}/"
    config.html_theme_options = {**config.html_theme_options, "path_to_docs": f"docs/{lang}"}
    other = next(code for code in LANGUAGES if code != lang)
    config.html_context = {
        **config.html_context,
        "mpsarticle_language": lang,
        "mpsarticle_other_language": other,
        "mpsarticle_other_language_name": LANGUAGES[other]["name"],
    }


def setup(app):
    app.connect("config-inited", _per_language)
    # Before the theme registers its own catalog (when the builder starts), so
    # that ours is consulted first and the theme's is the fallback.
    app.add_message_catalog("booktheme", str(LOCALE_BUILD))
