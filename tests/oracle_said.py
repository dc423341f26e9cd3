"""What the oracles (tests/oracle.py, tests/oracle_model.py) read: the messages a chapter rendered, with their typed
values, as :meth:`mpsarticle.article.wording.Words.recording` recorded them.

A recorded value is read, never its English: a size is a :class:`~mpsarticle.article.wording.Size`'s ``n``, a
direction a :class:`~mpsarticle.article.wording.Choice`'s ``value``, a list a
:class:`~mpsarticle.article.wording.Listing`'s items. Only the printed digits of a number come from its rendering
(:func:`shown`): a printed number is true of V when V rounds to it, and how far it may round is said by its last
printed digit. A device reaches a message as its rendered name (``words.device(kind)`` is a string): the English
names map back to kinds (:data:`DEVICE_NAMES`).

A chapter renders some messages it then leaves out (a default replaced by a better sentence); what reached the page
is what the oracles read (:func:`glued`).
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mpsarticle.article.wording import Choice, Listing, Phrase, Said, Text, Value, Words

__all__ = ["DEVICE_NAMES", "EN", "UNITS", "Printed", "Recording", "choice", "glued", "kind_of", "names_of", "nested",
           "parse", "parts", "printed_fields", "render", "shown", "sizes_of", "text_of", "values_of"]

#: The English words: every recorded message is read as it was printed in English.
EN = Words("en")
DEVICE_NAMES = {EN.device(kind): kind for kind in ("cpu", "cuda", "mps")}
#: A printed unit in the base unit the raw points are in (seconds, bytes or FLOP per second, bytes).
UNITS = {"s": 1.0, "ms": 1e-3, "µs": 1e-6, "ns": 1e-9,
         "seconds": 1.0, "milliseconds": 1e-3, "microseconds": 1e-6, "nanoseconds": 1e-9,
         "GB/s": 1e9, "GFLOP/s": 1e9, "TFLOP/s": 1e12,
         "KiB": 1024.0, "MiB": 1024.0 ** 2, "GiB": 1024.0 ** 3, "TiB": 1024.0 ** 4,
         "B": 1.0, "kB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12,
         "thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
_SUPER = str.maketrans("⁻⁺⁰¹²³⁴⁵⁶⁷⁸⁹", "-+0123456789")


@dataclass(frozen=True)
class Printed:
    """A number as printed, in base units, with the unit of its last digit (its resolution)."""

    value: float
    unit: float
    text: str = ""

    def matches(self, value: float) -> bool:
        """``value`` rounds to this: within half a unit of the last printed digit."""
        return abs(self.value - value) <= self.unit / 2 * (1 + 1e-9) + 1e-12 * abs(value) + 1e-300

    def below(self, value: float) -> bool:
        """``value`` is more than this number can be a rounding of."""
        return value > self.value + self.unit / 2 * (1 + 1e-9)

    def __str__(self) -> str:
        return self.text


def _number(text: str) -> tuple[float, float]:
    """(value, resolution) of a bare number as English prints it: ``1,024``, ``4.67``, ``3.5 × 10⁻³``."""
    mantissa, _, power = text.partition(" × 10")
    mantissa = mantissa.replace(",", "")
    scale = 10.0 ** int(power.translate(_SUPER)) if power else 1.0
    return float(mantissa) * scale, 10.0 ** -len(mantissa.partition(".")[2]) * scale


def parse(text: str) -> Printed:
    """A printed quantity: a number, then ``×``, ``%`` or a unit (:data:`UNITS`); a share is read as a fraction."""
    text = text.strip()
    if " × 10" in text:
        value, unit = _number(text)
        return Printed(value, unit, text)
    number, _, name = text.partition(" ")
    scale = 1.0
    if number.endswith("%"):
        number, scale = number[:-1], 0.01
    number = number.removesuffix("×")
    if name:
        scale = UNITS[name]
    value, unit = _number(number)
    return Printed(value * scale, unit * scale, text)


def shown(value: Any) -> Printed:
    """A typed value as the page prints it in English (a :class:`Text` holding a quantity, ``56 GB/s``, too)."""
    return parse(value.text(EN) if isinstance(value, Value) else str(value))


def render(said: Said) -> str:
    """The English text of one recorded message (rendered again, outside any recording); a table's row, which no
    message renders, as its cells."""
    if said.key not in EN.messages:
        return f"{said.key}: " + " | ".join(f"{name} {EN.render(value)}" for name, value in said.values.items())
    return EN(said.key, **said.values)


def text_of(value: Any) -> str:
    """A name's text: a :class:`Text` or :class:`Choice`'s value, a string as it is."""
    return value.value if isinstance(value, Text | Choice) else str(value)


def choice(said: Said, name: str) -> str:
    return text_of(said.values[name])


def kind_of(name: Any) -> str:
    """The device kind a device stands for: its rendered English name, or a phrase or choice of its kind."""
    if isinstance(name, Phrase):
        return text_of(dict(name.values)["kind"])
    return name.value if isinstance(name, Choice) else DEVICE_NAMES[text_of(name)]


def names_of(family: str) -> dict[str, str]:
    """Rendered English name -> code of a family of names: messages ``family.<code>``, or one ``select`` message
    ``family`` with a form per code (a backend's name, say)."""
    found = {EN(key): key.split(".", 1)[1] for key in EN.messages
             if key.startswith(family + ".") and isinstance(EN.messages[key], str)}
    message = EN.messages.get(family)
    if isinstance(message, Mapping) and "select" in message:
        found |= {EN(family, **{message["select"]: Choice(code)}): code for code in message
                  if code not in ("select", "other")}
    return found


def sizes_of(listing: Any) -> list[int]:
    """The sizes of a :class:`Listing` of :class:`Size` (or of one size)."""
    items = listing.items if isinstance(listing, Listing) else (listing,)
    return [int(item.n) for item in items]


def values_of(listing: Any) -> list[Any]:
    return list(listing.items) if isinstance(listing, Listing) else [listing]


def parts(listing: Any) -> list[Said]:
    """The phrases of a :class:`Listing` (or one :class:`Phrase`), each as a recorded message."""
    return [Said(p.key, dict(p.values)) for p in values_of(listing) if isinstance(p, Phrase)]


def printed_fields(said: Said) -> set[str]:
    """The placeholders the form chosen for this message prints (a value given but not printed says nothing)."""
    message = EN.messages[said.key]
    while isinstance(message, Mapping):
        message = EN.form(said.key, message, said.values)
    return {name for _, name, _, _ in string.Formatter().parse(message) if name}


def _phrases(value: Any) -> Iterator[Phrase]:
    if isinstance(value, Phrase):
        yield value
        for _, inner in value.values:
            yield from _phrases(inner)
    elif isinstance(value, Listing):
        for item in value.items:
            yield from _phrases(item)


def nested(said: Iterable[Said]) -> set[Phrase]:
    """Every phrase that stands in a recorded message's values (at any depth)."""
    return {p for s in said for value in s.values.values() for p in _phrases(value)}


def _phrase(said: Said) -> Phrase:
    return Phrase(said.key, tuple(said.values.items()))


def glued(said: Sequence[Said], texts: Iterable[str]) -> list[Said]:
    """The recorded messages that reached one of the glued ``texts``, in their order: a message said on its own
    where its text stands in one, a phrase where the message it stands in did (a phrase's text may stand in a
    longer one's that the chapter kept while it dropped the message it belonged to)."""
    texts, inside = list(texts), nested(said)
    kept = [s for s in said if _phrase(s) not in inside and any(render(s) in text for text in texts)]
    reached = nested(kept)
    return [s for s in said if s in kept or (_phrase(s) in inside and _phrase(s) in reached)]


@dataclass(frozen=True)
class Recording:
    """What one chapter said: its glued texts by glue key, and the messages (with their typed values) that reached
    them, in the order they were rendered."""

    said: tuple[Said, ...]
    chapter: str | None = None
    texts: Mapping[str, str] = field(default_factory=dict)
    #: The selfcheck's rows the chapter was rendered with (mpsarticle.results.selfcheck.Row): its raw
    #: measurements, read as the points of the set are (they are no points of it).
    selfcheck: tuple[Any, ...] = ()

    @classmethod
    def of(cls, said: Sequence[Said], texts: Mapping[str, str], chapter: str | None = None, *,
           rows: Sequence[Said] = (), selfcheck: Sequence[Any] = ()) -> Recording:
        """The messages that reached ``texts``, then the rows of the chapter's tables (``rows``, which no glued
        text holds: tables.selfcheck_table_rows)."""
        return cls((*glued(said, texts.values()), *rows), chapter, dict(texts), tuple(selfcheck))

    def keys(self) -> list[str]:
        return [s.key for s in self.said]

    def __iter__(self) -> Iterator[Said]:
        return iter(self.said)

