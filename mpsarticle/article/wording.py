"""Every reader-facing string, in one catalog per language; numbers, plurals and lists by Babel.

The catalogs are Python modules, :mod:`mpsarticle.article.catalogs.en` and
:mod:`mpsarticle.article.catalogs.id`, each a ``MESSAGES`` dict from key to text.
Why Python and not TOML or gettext: a module loads with the package (no
parser, no compile step, and ``tomllib`` is missing on Python 3.10, which
the package supports); a translator's note sits beside its string as a
comment; and the key is a name, not the English sentence, which gettext
would use as the key and so repeat in the English catalog. Placeholders are
``str.format`` fields; a test holds both catalogs to the same keys and
the same placeholders.

A message that depends on a number is a dict of CLDR plural forms
(``one``, ``other``, ...) with ``"plural"`` naming the placeholder that
decides; Babel's plural rules choose the form (English has ``one`` and
``other``, Indonesian only ``other``), from the number as it is written
(``1.0`` is not ``1``). An exact form, ``"=1"`` as in ICU's MessageFormat,
comes before them where a message has one: the way to say "one other" in
words in a language whose plural rules have no singular.

Values are typed (:class:`Count`, :class:`Seconds`, :class:`Factor`, ...),
so the code that chooses a sentence never formats a number: :class:`Words`
formats each value for its language with :mod:`mpsarticle.article.formatting`.
Nothing here decides which sentence is true; :mod:`mpsarticle.article.sentences` does.
"""

from __future__ import annotations

import importlib
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal

from babel import Locale
from babel.lists import format_list
from babel.numbers import format_compact_decimal

from mpsarticle.article import formatting

__all__ = ["Bytes", "Count", "Factor", "LANGUAGES", "Listing", "Num", "Phrase", "Rate", "Sci", "Seconds", "Share",
           "Size", "Term", "Text", "Words", "catalog", "placeholders"]

LANGUAGES = ("en", "id")


def catalog(lang: str) -> dict[str, Any]:
    """The ``MESSAGES`` of a language's catalog module."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose {' or '.join(LANGUAGES)}")
    return importlib.import_module(f".catalogs.{lang}", __package__).MESSAGES


def placeholders(message: str | Mapping[str, str]) -> set[str]:
    """The fields a message uses (every plural form together, the selector included)."""
    forms = [message] if isinstance(message, str) else [v for k, v in message.items() if k != "plural"]
    found = {field for text in forms for _, field, _, _ in string.Formatter().parse(text) if field}
    return found | ({message["plural"]} if isinstance(message, Mapping) else set())


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
    seconds: float

    def text(self, words: Words) -> str:
        return formatting.duration(self.seconds, words.lang)


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

    def text(self, words: Words) -> str:
        return formatting.percent(self.fraction, words.lang)


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

    def text(self, words: Words) -> str:
        base = 1024 if self.binary else 1000
        units = ("KiB", "MiB", "GiB", "TiB") if self.binary else ("kB", "MB", "GB", "TB")
        value, unit = self.n / base, units[0]
        for bigger in units[1:]:
            if value < base:
                break
            value, unit = value / base, bigger
        return f"{formatting.number(value, words.lang)} {unit}"


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


@dataclass(frozen=True)
class Listing(Value):
    """Items joined the language's way: ``a, b, and c`` (en), ``a, b, dan c`` (id)."""

    items: tuple[Any, ...]
    #: Babel's list styles: ``a, b, and c`` or ``a, b, or c``.
    style: Literal["standard", "or"] = "standard"

    def text(self, words: Words) -> str:
        return format_list([words.render(item) for item in self.items], style=self.style, locale=words.lang)

    def amount(self) -> Decimal:
        return Decimal(len(self.items))


# -- the words of one language ---------------------------------------------------------

class Words:
    """``words(key, **values)``: the message for ``key`` in this language, its placeholders filled."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.messages = catalog(lang)
        self.locale = Locale.parse(lang)

    def __call__(self, key: str, **values: Any) -> str:
        message = self.messages[key]
        if isinstance(message, Mapping):
            selector = values[message["plural"]]
            amount = selector.amount() if isinstance(selector, Value) else Decimal(selector)
            if amount is None:
                raise TypeError(f"{key}: its plural follows {message['plural']}, which is not a number: {selector!r}")
            exact = f"={amount}"
            message = message[exact] if exact in message else message.get(self.locale.plural_form(amount),
                                                                            message["other"])
        return message.format_map({name: self.render(value) for name, value in values.items()})

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
        """A device's name in prose: ``CPU``, ``CUDA GPU``, ``Apple GPU (MPS)``; unknown kinds as written."""
        key = f"device.{kind}"
        return self(key) if key in self.messages else kind.upper()

    def api(self, kind: str) -> str:
        """How PyTorch reaches a device: ``MPS``, ``CUDA``; unknown kinds as written."""
        key = f"api.{kind}"
        return self(key) if key in self.messages else kind.upper()

    def table(self, prefix: str) -> dict[str, str]:
        """Every message under ``prefix.``, keyed by the rest of its key (the figures' words, say)."""
        return {key[len(prefix) + 1:]: text for key, text in self.messages.items() if key.startswith(prefix + ".")}


__all__ += ["Billions", "Value"]
