"""The page: glues this build's sentences, numbers and figures into a chapter.

A chapter's first code cell is the same in both languages::

    from mpsarticle.page import Page
    page = Page("matvec")
    page.glue_all()
    page.publish()

:class:`Page` finds the chapter's language (from ``MPSARTICLE_LANG`` or the
folder the chapter lives in: ``docs/en`` or ``docs/id``), takes this build's
measurements (:func:`mpsarticle.measure.runner.measure_once`: measured by the first
chapter, loaded by the rest), and glues what the chapter quotes; :meth:`Page.publish`
writes the data files the pages link to (nothing else writes them). The prose
refers to them with ``{glue:text}`key``` and ``{glue:figure}``; nothing
measured is ever typed into the text.

The work is done elsewhere, one job per module: :mod:`mpsarticle.article.chapters`
registers each chapter (its sentences, its figures, what else it needs),
:mod:`mpsarticle.analysis.findings` and :mod:`mpsarticle.analysis.verdict` decide what
is true, :mod:`mpsarticle.article.sentences` (one module per chapter) chooses
the sentences, :mod:`mpsarticle.article.wording` and its catalogs hold every word,
:mod:`mpsarticle.article.tables` builds the HTML tables and
:mod:`mpsarticle.article.figures` the figures (imported only by chapters that draw
one: matplotlib takes a while to load).
"""

from __future__ import annotations

import functools
import io
from pathlib import Path
from typing import Any

from mpsarticle import config
from mpsarticle.analysis import predict
from mpsarticle.analysis.findings.model import model
from mpsarticle.article import mac_model, mac_tables, tables
from mpsarticle.article.chapters import CHAPTERS, chapter_sentences
from mpsarticle.article.sentences import verdict as verdict_sentences
from mpsarticle.article.wording import LANGUAGES, Count, Words
from mpsarticle.config import published_dir, shared_dir
from mpsarticle.core.profiles import SUITES, current_profile
from mpsarticle.errors import InputError
from mpsarticle.measure.runner import measure_once, script_output_once, selfcheck_once
from mpsarticle.results.archive import Archive, load_archive_once, others, repository_folder, summary_csv
from mpsarticle.results.files import write_atomically
from mpsarticle.results.model import ResultSet

__all__ = ["LANGUAGES", "PIXEL_SCALE", "Page", "article_results", "language"]

#: Figures are drawn at twice the pixels they are shown at, so that they are sharp on a high-density screen (every
#: Mac's): a PNG of 1,540 pixels shown 770 wide.
PIXEL_SCALE = 2



def language() -> str:
    """The chapter's language: ``MPSARTICLE_LANG``, else the name of the folder the kernel runs in."""
    chosen = config.value("lang") or Path.cwd().name
    return chosen if chosen in LANGUAGES else "en"


def article_results() -> ResultSet:
    """This build's measurements of every suite (measured by the build's first chapter, loaded by the rest)."""
    return measure_once(tuple(SUITES), current_profile())


def _figures():
    """The figures by name (:mod:`mpsarticle.article.figures.files`), loaded when a chapter draws one."""
    from mpsarticle.article.figures import files

    return files


class Page:
    """One chapter of the article in one language, and this build's results."""

    def __init__(self, chapter: str, lang: str | None = None, results: ResultSet | None = None) -> None:
        if chapter not in CHAPTERS:
            raise InputError(f"unknown chapter {chapter!r}: known are {', '.join(CHAPTERS)}")
        self.chapter = chapter
        self.lang = lang or language()
        self.words = Words(self.lang)
        self.results = results if results is not None else article_results()

    def numbers(self) -> dict[str, str]:
        extra: dict[str, Any] = {}
        if CHAPTERS[self.chapter].needs_selfcheck:
            extra["rows"] = self.selfcheck
        if CHAPTERS[self.chapter].needs_archive:
            extra["labels"] = [label for label, _ in self.entries[1:]]
            extra["archive"] = self.entries[1:]
            extra["skipped"] = self.archive.skipped
        return chapter_sentences(self.chapter, self.results, self.words, **extra)

    @functools.cached_property
    def archive(self) -> Archive:
        """The archived machines (validated once per build; see :mod:`mpsarticle.results.archive`)."""
        return load_archive_once()

    def publish(self) -> None:
        """Write the data the pages link to beside them, once per build: this build's results as JSON and CSV,
        the model's predictions for every Apple chip (``predictions.csv``) and, from a chapter that reads the
        archive, the summary of the archive's machines (``data/machines.csv`` at the site's root, one copy for
        both languages; each machine's whole file stays in the repository). A file already there is kept: every
        chapter of both languages publishes the same build."""
        folder = published_dir() / "data"
        if not all((folder / name).exists() for name in tables.DATA_FILES):
            self.results.save(folder / "results.json")
            self.results.save_csv(folder / "results.csv")
            found = model(self.results)
            write_atomically(folder / "predictions.csv", predict.to_csv(found.predictions, found.checks))
        # The archive's data once for both languages, at the site's root (conf.py copies it there): a summary of
        # what the chapter draws, since every file whole would weigh megabytes per language.
        shared = shared_dir() / "data"
        if CHAPTERS[self.chapter].needs_archive and not (shared / tables.ARCHIVE_FILE).exists():
            write_atomically(shared / tables.ARCHIVE_FILE, summary_csv(self.archive.machines))

    @functools.cached_property
    def selfcheck(self) -> list:
        """This build's selfcheck rows (measured once per build, see
        :func:`mpsarticle.measure.runner.selfcheck_once`)."""
        return selfcheck_once(progress=True)

    @property
    def others(self) -> dict[str, ResultSet]:
        """The archived machines by file name, without this build's own machine (see
        :func:`mpsarticle.results.archive.others`)."""
        return others(self.results, self.archive)[0]

    @property
    def same_machine(self) -> list[str]:
        """Archive files from this build's machine and software, left out for the fresh run."""
        return others(self.results, self.archive)[1]

    @property
    def entries(self) -> list[tuple[str, ResultSet]]:
        """This build first, then every other archived machine: (label, results); each machine once."""
        own = self.results.label_in(self.lang)
        this = self.words("this_build") + (f" ({own})" if own else "")
        return [(this, self.results)] + [(r.label_in(self.lang) or name, r) for name, r in self.others.items()]

    def figure_png(self, name: str) -> bytes:
        """The figure as a PNG drawn at :data:`PIXEL_SCALE` times the size it is shown at (see :meth:`figure_width`)."""
        return self._figure(name)[0]

    def figure_width(self, name: str) -> int:
        """The width, in CSS pixels, the page shows the figure at: the size it was laid out at."""
        return self._figure(name)[1]

    @functools.cache  # noqa: B019 - one page, a handful of figures, each drawn once
    def _figure(self, name: str) -> tuple[bytes, int]:
        figures = _figures()
        drawing = figures.FIGURES[name]
        figure = drawing.draw(self.entries if drawing.reads == figures.ENTRIES else self.results, self.lang)
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", dpi=figure.dpi * PIXEL_SCALE, facecolor=figure.get_facecolor())
        return buffer.getvalue(), round(figure.get_figwidth() * figure.dpi)

    def glue_all(self) -> None:
        """Glue every number, sentence and figure of this chapter (shown nowhere until the prose asks)."""
        from IPython.display import Image
        from myst_nb import glue

        for key, value in self.numbers().items():
            glue(key, value, display=False)
        for name in CHAPTERS[self.chapter].figures:
            glue(f"fig_{name}", Image(data=self.figure_png(name), format="png", width=self.figure_width(name)),
                 display=False)

    # -- things shown in the page ----------------------------------------------
    def _html(self, text: str) -> Any:
        from IPython.display import HTML

        return HTML(text)

    def device_card(self) -> Any:
        """This build's hardware and software as an HTML table (every value escaped)."""
        return self._html(tables.device_card(self.results, self.words))

    def data_links(self) -> Any:
        """Links to this build's raw data, published beside the pages."""
        return self._html(tables.data_links(self.words))

    def mps_issues_table(self) -> Any:
        """The known MPS problems from PyTorch's tracker and which apply to this build's torch, chip and macOS."""
        return self._html(tables.mps_issues_table(self.results, self.words))

    def _archived_file(self, name: str) -> str | None:
        """The address of an archive file in the repository (where its whole data is), ``None`` outside one."""
        folder = repository_folder()
        if folder is None:
            return None
        return (f"{config.value('repository_url').rstrip('/')}/blob/{config.value('repository_branch')}/"
                f"{folder}/{name}")

    def machines_table(self) -> Any:
        """One row per machine (this build first, each machine once), every value from a file escaped; beyond
        :data:`~mpsarticle.article.sentences.machines.LISTED` archived machines, a count per chip family first and
        the machines folded under it."""
        from mpsarticle.analysis.families import LISTED

        links = ["data/results.json"] + [self._archived_file(name) for name in self.others]
        rows = [(label, results, link) for (label, results), link in zip(self.entries, links, strict=True)]
        left_out = [(self.archive.machines[name].label_in(self.lang) or name, self._archived_file(name))
                    for name in self.same_machine]
        table = tables.machines_table(rows, self.words, same_machine=left_out)
        if len(self.entries) - 1 <= LISTED:
            return self._html(table)
        return self._html(tables.families_table(self.entries[1:], self.words)
                          + tables.folded(table, self.words("machines_table.all", count=Count(len(rows)))))

    def selfcheck_table(self) -> Any:
        """This build's selfcheck: engine against references, one row per point and reference."""
        return self._html(tables.selfcheck_table(self.selfcheck, self.words))

    def your_mac_tables(self, which: str) -> Any:
        """A table of the chapter "Your Mac" (:mod:`mpsarticle.article.your_mac`, :mod:`mpsarticle.article.mac_model`):
        ``bounds``, ``tokens``, ``cited``, ``sources``, ``fit``, ``parameters``, ``predictions``, ``decode``,
        ``assumptions``, ``checks`` or ``thresholds``."""
        from mpsarticle.article import your_mac
        from mpsarticle.core.cited import cited

        made = {"bounds": lambda: your_mac.bounds_table(self.lang), "tokens": lambda: your_mac.tokens_table(self.lang),
                "cited": lambda: your_mac.cited_table(cited(), self.lang),
                "sources": lambda: your_mac.sources_table(cited(), self.lang),
                "fit": lambda: mac_model.fit_table(self.results, self.words),
                "parameters": lambda: mac_model.fit_parameters_table(self.results, self.words),
                "predictions": lambda: mac_model.predictions_table(self.results, self.words),
                "decode": lambda: mac_model.decode_table(self.results, self.words),
                "assumptions": lambda: mac_model.assumptions_table(self.results, self.words),
                "checks": lambda: mac_model.checks_table(self.results, self.words),
                "thresholds": lambda: mac_model.threshold_table(self.results, self.words)}
        if which not in made:
            raise InputError(f"unknown table {which!r}: known are {', '.join(made)}")
        return self._html(made[which]())

    def mac_answer_table(self) -> Any:
        """The opening page's few representative Apple chips and the model's predictions for them
        (:func:`mpsarticle.article.mac_model.answer_table`)."""
        return self._html(mac_model.answer_table(self.results, self.words))

    def mac_trust_table(self) -> Any:
        """How far the model's predictions for Macs miss what others published, per side of a Mac
        (:func:`mpsarticle.article.mac_model.trust_table`)."""
        return self._html(mac_model.trust_table(self.results, self.words))

    def spec_sheet_table(self) -> Any:
        """Apple's spec sheet per chip, with the least time of a matrix-vector product (bounds, not measurements)."""
        from IPython.display import HTML

        return HTML(mac_tables.spec_sheet_table(self.lang))

    def sustained_rates(self) -> Any:
        """Burst and sustained rates of the machines measured with --sustained; nothing when there are none."""
        from IPython.display import HTML

        found = mac_tables.sustained_rates(self.entries, self.lang)
        return HTML(found) if found else None

    def script_output(self, script: str) -> None:
        """Print what the reader's script ``script`` (a path from the chapter's folder) prints, run once per build
        (:func:`mpsarticle.measure.runner.script_output_once`): the cell shows the same run in both languages."""
        print(script_output_once(Path(script)), end="")

    def ways_table(self) -> Any:
        """Each way the decode step was run per device: kernels and launches per token, tokens per second, share of
        the size-matched bound (nothing where no device ran its step more than one way: an accelerator's table)."""
        found = tables.ways_table(self.results, self.words)
        return self._html(found) if found else None

    def decode_table(self) -> Any:
        """The eager decode step per device: the model, tokens per second, the bound and the share of it reached,
        and the operations' fixed cost against the step's time (nothing where no step was measured well)."""
        found = tables.decode_table(self.results, self.words)
        return self._html(found) if found else None

    def contexts_table(self) -> Any:
        """The decoder at each context an accelerator measured: the cache's share of a token's bytes, tokens per
        second eager and replayed, and the bound (nothing where no accelerator measured two contexts)."""
        found = tables.contexts_table(self.results, self.words)
        return self._html(found) if found else None

    def prompt_table(self) -> Any:
        """The prompt read at once per device and precision: tokens per second, its two bounds, the share of the
        arithmetic's reached, and what limits it (nothing where no prompt was read well)."""
        found = tables.prompt_table(self.results, self.words)
        return self._html(found) if found else None

    def bandwidth_table(self) -> Any:
        """Each device's best rate of ``B @ a`` beside the rate of its plain copy (nothing where none)."""
        found = tables.bandwidth_table(self.results, self.words)
        return self._html(found) if found else None

    def where_table(self) -> Any:
        """Where the accelerator beats the CPU and where the CPU beats it, kind of work by kind of work (nothing
        where nothing was compared)."""
        found = tables.where_table(self.results, self.words)
        return self._html(found) if found else None

    def bound_table(self) -> Any:
        """What limits a language model's tokens per second on each device: reading its weights, and the arithmetic
        where that allows fewer (nothing where no bound was found)."""
        found = verdict_sentences.bound_table(self.results, self.words)
        return self._html(found) if found else None

    def memory_table(self) -> Any:
        """Each device's memory read two ways: ``B @ a`` on a large matrix and its largest plain copy (nothing where
        neither was measured)."""
        found = tables.memory_table(self.results, self.words)
        return self._html(found) if found else None

    def processes_table(self) -> Any:
        """The points whose spread lay most between their fresh processes (nothing where none had more than half
        of it there)."""
        found = tables.processes_table(self.results, self.words)
        return self._html(found) if found else None

    def mlx_table(self) -> Any:
        """MLX beside PyTorch per workload compared, each value with its 95 % interval (nothing where MLX and
        PyTorch compared no workload)."""
        found = tables.mlx_table(self.results, self.words)
        return self._html(found) if found else None

    def attention_table(self) -> Any:
        """Attention's best rate per device and precision beside the best matrix product's (nothing where no
        attention call was measured well)."""
        found = tables.attention_table(self.results, self.words)
        return self._html(found) if found else None

    def matmul_table(self) -> Any:
        """Each device's best rate of ``A @ B`` per precision, and the accelerator's best over the CPU's."""
        found = tables.matmul_table(self.results, self.words)
        return self._html(found) if found else None

    def same_size_table(self) -> Any:
        """The accelerator's rate of ``A @ B`` over the CPU's at each size both measured, per precision (nothing
        where none was measured on both)."""
        found = tables.matmul_same_table(self.results, self.words)
        return self._html(found) if found else None

    def vendor_peaks(self) -> Any:
        """The peaks the vendor publishes for this build's accelerator, cited, as a table; nothing where the data
        file lists none (so, unlike the ``*_table`` methods, it may draw no table at all)."""
        found = tables.vendor_peaks_table(self.results, self.words)
        return self._html(found) if found else None

    def post_table(self) -> Any:
        """The blog post's sizes timed both ways, naive against synchronised (nothing where none was)."""
        found = tables.post_table(self.results, self.words)
        return self._html(found) if found else None

    def methods_table(self) -> Any:
        """Naive, engine and event times per device and size (suite ``matvec``)."""
        return self._html(tables.methods_table(self.results, self.words))
