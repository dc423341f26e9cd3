"""Every reader-facing string, in one catalog per language; numbers, plurals and lists by Babel.

Each language's catalog is the YAML files of its folder,
``mpsarticle/article/catalogs/<lang>/*.yaml``, each a mapping from key to
message: one file per chapter, named as its ``docs/<lang>/<stem>.md``,
``common.yaml`` for what several chapters say, and ``site.yaml`` for the
site's chrome. A key is in one file, except a ``select`` message, whose
forms may be spread over several (a workload's forms in its chapter's
file). :data:`LANGUAGES` lists the languages, and a test holds every
catalog to the same keys, the same placeholders and the same forms. Why YAML: a message is
a string or a small mapping of forms, and YAML writes both with comments
for the translator and without escaping; gettext ``.po`` files key a
message by its English text and have no ``select``; Fluent's ``.ftl`` has
``select``, but its Python runtime formats numbers by its own rules, where
these pages format every number through :mod:`mpsarticle.article.formatting`;
TOML cannot spread a mapping of forms over several lines without moving it
away from the strings beside it. Placeholders are ``str.format`` fields.

A message that depends on a value is a mapping of forms:

- ``plural: <placeholder>`` with CLDR plural forms (``one``, ``other``, ...);
  Babel's plural rules choose the form (English has ``one`` and ``other``,
  Indonesian only ``other``), from the number as it is written (``1.0`` is
  not ``1``). An exact form, ``"=1"`` as in ICU's MessageFormat, comes
  before them where a message has one: the way to say "one other" in words
  in a language whose plural rules have no singular.
- ``select: <placeholder>`` with one form per value of a :class:`Choice`
  (a workload, a direction, a status), and ``other`` for the values not
  named; a form may itself be a mapping of forms.

Every key the code uses is a literal string (a test finds each, and every
catalog key among them), so a key never varies by a value: its forms do.

Values are typed (:class:`Count`, :class:`Seconds`, :class:`Factor`, ...),
so the code that chooses a sentence never formats a number: :class:`Words`
formats each value for its language with :mod:`mpsarticle.article.formatting`.
Nothing here decides which sentence is true; the chapters' sentence modules do.
"""

from __future__ import annotations

import string
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any, Literal

import yaml
from babel import Locale
from babel.lists import format_list
from babel.numbers import format_compact_decimal

from mpsarticle.article import formatting
from mpsarticle.languages import LANGUAGES

__all__ = ["Bytes", "Choice", "Count", "Factor", "LANGUAGES", "Listing", "Num", "Phrase", "Rate", "Sci",
           "Seconds", "Share", "Size", "Term", "Text", "Words", "catalog", "forms", "placeholders"]

CATALOGS = Path(__file__).with_name("catalogs")


def catalog(lang: str) -> dict[str, Any]:
    """A language's messages: every ``catalogs/<lang>/*.yaml`` file, merged (a key in two files is an error)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose {' or '.join(LANGUAGES)}")
    return _load(lang)


@cache
def _load(lang: str) -> dict[str, Any]:
    messages: dict[str, Any] = {}
    for path in sorted((CATALOGS / lang).glob("*.yaml")):
        loaded = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER) or {}
        for key, message in loaded.items():
            if key in messages:
                messages[key] = _joined(messages[key], message, f"{path}: {key}")
            else:
                messages[key] = message
    return messages


def _joined(first: Any, second: Any, where: str) -> dict[str, Any]:
    """One select message from two files' forms of it (a workload's forms live in its chapter's file); a key
    written twice otherwise, or a form written twice, is an error: the second would replace the first unseen."""
    if not (isinstance(first, Mapping) and isinstance(second, Mapping) and "select" in first
            and first.get("select") == second.get("select")):
        raise ValueError(f"{where}: already in another file of the catalog (only a select's forms may be spread)")
    twice = (first.keys() & second.keys()) - {"select"}
    if twice:
        raise ValueError(f"{where}: forms already in another file: {', '.join(sorted(twice))}")
    return {**first, **second}


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """PyYAML's safe loader (libyaml's where PyYAML has it) that refuses a key written twice in one mapping.

    A plain YAML load keeps the last of two equal keys, so a message written
    twice would replace the first without a word."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise ValueError(f"{key!r} is written twice (line {key_node.start_mark.line + 1})")
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


_LOADER = _Loader


def forms(message: str | Mapping[str, Any], where: str = "") -> list[tuple[str, str]]:
    """(where, text) of every string form of a message: ``""`` for a plain string, ``[other]``, ``[matvec][one]``..."""
    if isinstance(message, str):
        return [(where, message)]
    return [found for name, form in message.items() if name not in ("plural", "select")
            for found in forms(form, f"{where}[{name}]")]


def placeholders(message: str | Mapping[str, Any]) -> set[str]:
    """The fields a message uses (every form together, the selectors included)."""
    found = {field for _, text in forms(message) for _, field, _, _ in string.Formatter().parse(text) if field}
    if isinstance(message, Mapping):
        found |= {message[k] for k in ("plural", "select") if k in message}
        found |= {s for name, form in message.items() if isinstance(form, Mapping) for s in placeholders(form)}
    return found


# -- values ------------------------------------------------------------------------

class Value:
    """A value for a placeholder, formatted by :class:`Words` for the page's language."""

    def text(self, words: Words) -> str:
        raise NotImplementedError

    def amount(self) -> Decimal | None:
        """The number plural rules read, as written; ``None`` for a value that is not a number."""
        return None


@dataclass(frozen=True)
class Count(Value):
    n: int

    def text(self, words: Words) -> str:
        return formatting.whole(self.n, words.lang)

    def amount(self) -> Decimal:
        return Decimal(int(self.n))


@dataclass(frozen=True)
class Size(Count):
    """A matrix size or batch: written like a count."""


@dataclass(frozen=True)
class Num(Value):
    value: float
    digits: int = 3

    def text(self, words: Words) -> str:
        return formatting.number(self.value, words.lang, self.digits)

    def amount(self) -> Decimal:
        return formatting.as_decimal(self.value, self.digits)


@dataclass(frozen=True)
class Seconds(Value):
    """A time; ``spelled``: its unit as a word in languages whose prose spells it (a long duration in a sentence,
    not a benchmark's figure)."""
    seconds: float
    digits: int = 3
    spelled: bool = False

    def text(self, words: Words) -> str:
        return formatting.duration(self.seconds, words.lang, self.digits, self.spelled)


@dataclass(frozen=True)
class Rate(Value):
    value: float
    unit: str

    def text(self, words: Words) -> str:
        return formatting.rate(self.value, self.unit, words.lang)


@dataclass(frozen=True)
class Factor(Value):
    """``2.3×``; ``digits`` significant digits where the default (two below 10, three above) is too coarse."""

    value: float
    digits: int | None = None

    def text(self, words: Words) -> str:
        if self.digits:
            return formatting.number(self.value, words.lang, self.digits) + "×"
        return formatting.ratio(self.value, words.lang)


@dataclass(frozen=True)
class Share(Value):
    fraction: float
    digits: int = 2

    def text(self, words: Words) -> str:
        return formatting.percent(self.fraction, words.lang, self.digits)


@dataclass(frozen=True)
class Sci(Value):
    value: float

    def text(self, words: Words) -> str:
        return formatting.scientific(self.value, words.lang)


@dataclass(frozen=True)
class Bytes(Value):
    """An amount of memory: binary units (MiB, GiB) for matrices and caches, decimal (GB) beside GB/s."""

    n: float
    binary: bool = True
    #: Significant digits: fewer for an estimate than for a measured or exact amount.
    digits: int = 3

    def text(self, words: Words) -> str:
        base = 1024 if self.binary else 1000
        units = ("KiB", "MiB", "GiB", "TiB") if self.binary else ("kB", "MB", "GB", "TB")
        value, unit = self.n / base, units[0]
        for bigger in units[1:]:
            if value < base:
                break
            value, unit = value / base, bigger
        return f"{formatting.number(value, words.lang, self.digits)} {unit}"


@dataclass(frozen=True)
class Billions(Value):
    """A count in words: ``7 billion`` (en), ``7 miliar`` (id), by Babel's compact decimal format."""

    value: float
    #: Digits after the point: ``1.1 billion``, ``55.3 million``.
    fraction_digits: int = 0

    def text(self, words: Words) -> str:
        return format_compact_decimal(self.value, format_type="long", locale=words.lang,
                                      fraction_digits=self.fraction_digits)


@dataclass(frozen=True)
class Text(Value):
    """Text quoted as it is: a name from a results file, a version, a code word."""

    value: str

    def text(self, words: Words) -> str:
        return str(self.value)


@dataclass(frozen=True)
class Choice(Value):
    """The value a ``select`` message chooses its form by (a workload, a direction, a status); as text, itself."""

    value: str

    def text(self, words: Words) -> str:
        return str(self.value)


@dataclass(frozen=True)
class Term(Value):
    """A catalog entry without placeholders: a device's name, a precision, a status."""

    key: str

    def text(self, words: Words) -> str:
        return words(self.key)


@dataclass(frozen=True)
class Phrase(Value):
    """A catalog message with its own values, used inside another message."""

    key: str
    values: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, key: str, **values: Any) -> Phrase:
        return cls(key, tuple(values.items()))

    def text(self, words: Words) -> str:
        return words(self.key, **dict(self.values))


def _sentence_start(text: str) -> str:
    """``text`` with its first letter capitalised, unless its first word holds a digit (float16 stays float16)."""
    first = text.split(" ", 1)[0]
    return text if not text or any(ch.isdigit() for ch in first) else text[0].upper() + text[1:]


@dataclass(frozen=True)
class Listing(Value):
    """Items joined the language's way: ``a, b, and c`` (en), ``a, b, dan c`` (id); ``1,5; 2,3; dan 4,1`` where an
    item holds a decimal comma."""

    items: tuple[Any, ...]
    #: Babel's list styles: ``a, b, and c`` or ``a, b, or c``; or ``clauses``, items that are clauses with an
    #: "and" of their own, joined by semicolons: ``a; b; c``; or ``sentences``, each item after the first a sentence
    #: of its own: ``a. B. C`` (a first word holding a digit, a name such as float16, is left as written).
    style: Literal["standard", "or", "clauses", "sentences"] = "standard"

    def text(self, words: Words) -> str:
        rendered = [words.render(item) for item in self.items]
        if self.style == "clauses":
            return "; ".join(rendered)
        if self.style == "sentences":
            return ". ".join(rendered[:1] + [_sentence_start(text) for text in rendered[1:]])
        separator = formatting.list_separator(rendered, words.lang)
        if separator == ", ":
            return format_list(rendered, style=self.style, locale=words.lang)
        # Babel's pattern with stand-ins, its commas made semicolons, so that no item's decimal comma is mistaken
        # for a separator: "1,5; 2,3; dan 4,1".
        marks = [f"\x00{i}\x01" for i in range(len(rendered))]
        joined = format_list(marks, style=self.style, locale=words.lang).replace(", ", separator)
        for mark, text in zip(marks, rendered, strict=True):
            joined = joined.replace(mark, text)
        return joined

    def amount(self) -> Decimal:
        return Decimal(len(self.items))


# -- the words of one language ---------------------------------------------------------

@dataclass(frozen=True)
class Said:
    """One message as it was rendered: its key and the typed values that filled it."""

    key: str
    values: Mapping[str, Any]


class Words:
    """``words(key, **values)``: the message for ``key`` in this language, its placeholders filled."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.messages = catalog(lang)
        self.locale = Locale.parse(lang)
        #: While :meth:`recording`: every message rendered, a phrase's after the message it stands in.
        self.said: list[Said] | None = None

    @contextmanager
    def recording(self) -> Iterator[list[Said]]:
        """Record each message rendered meanwhile, with its typed values: what a reader of the raw points can
        check without reading the words of any language."""
        outer, self.said = self.said, []
        try:
            yield self.said
        finally:
            if outer is not None:
                outer.extend(self.said)
            self.said = outer

    def __call__(self, key: str, **values: Any) -> str:
        if self.said is not None:
            self.said.append(Said(key, dict(values)))
        message = self.messages[key]
        while isinstance(message, Mapping):
            message = self.form(key, message, values)
        return message.format_map({name: self.render(value) for name, value in values.items()})

    def form(self, key: str, message: Mapping[str, Any], values: Mapping[str, Any]) -> Any:
        """The form of a plural or select message that ``values`` choose."""
        if "select" in message:
            chosen = values[message["select"]]
            name = chosen.value if isinstance(chosen, Choice) else chosen
            if not isinstance(name, str):
                raise TypeError(f"{key}: its form follows {message['select']}, which is not a Choice: {chosen!r}")
            if name in message:
                return message[name]
            if "other" in message:
                return message["other"]
            raise KeyError(f"{key}: no form for {message['select']} = {name!r} and no 'other'")
        selector = values[message["plural"]]
        amount = selector.amount() if isinstance(selector, Value) else Decimal(selector)
        if amount is None:
            raise TypeError(f"{key}: its plural follows {message['plural']}, which is not a number: {selector!r}")
        exact = f"={amount}"
        return message[exact] if exact in message else message.get(self.locale.plural_form(amount), message["other"])

    def names(self, key: str, value: str) -> bool:
        """Whether the select message ``key`` has a form of its own for ``value`` (not only ``other``)."""
        message = self.messages[key]
        return isinstance(message, Mapping) and "select" in message and value in message

    def render(self, value: Any) -> str:
        """A typed value, formatted; plain strings pass as they are."""
        if isinstance(value, Value):
            return value.text(self)
        if isinstance(value, str):
            return value
        raise TypeError(f"{value!r}: wrap numbers in a wording value type (Count, Seconds, ...)")

    def join(self, items: Sequence[Any]) -> str:
        return Listing(tuple(items)).text(self)

    def device(self, kind: str) -> str:
        """A device's name in prose: ``CPU``, ``NVIDIA GPU``, ``Apple GPU (MPS)``; unknown kinds as written."""
        return self("device", kind=Choice(kind)) if self.names("device", kind) else kind.upper()

    def api(self, kind: str) -> str:
        """How PyTorch reaches a device: ``MPS``, ``CUDA``; unknown kinds as written."""
        return self("api", kind=Choice(kind)) if self.names("api", kind) else kind.upper()

    def table(self, prefix: str) -> dict[str, str]:
        """Every message under ``prefix.``, keyed by the rest of its key (the figures' words, say)."""
        return {key[len(prefix) + 1:]: text for key, text in self.messages.items() if key.startswith(prefix + ".")}


__all__ += ["Billions", "Said", "Value"]
