"""How a chart reads on the page: luminance, WCAG contrast, and the colour behind the page (numpy, PIL)."""

from __future__ import annotations

import re

import numpy as np

#: The darkest marks: this percentile of a chart's pixels (labels are a small part of a chart).
INK_PERCENTILE = 0.1
#: Pixels trimmed off each edge first: an element screenshot rounds a box at fractional
#: coordinates outwards, so its outermost rows and columns can be the page behind.
TRIM = 2


def luminance(rgb) -> np.ndarray:
    """Luminance (0..255) of sRGB pixels, as they are stored."""
    a = np.asarray(rgb, dtype=np.float64)
    return 0.2126 * a[..., 0] + 0.7152 * a[..., 1] + 0.0722 * a[..., 2]


def relative_luminance(rgb) -> np.ndarray:
    """WCAG relative luminance (0..1) of sRGB pixels."""
    c = np.asarray(rgb, dtype=np.float64) / 255
    c = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return 0.2126 * c[..., 0] + 0.7152 * c[..., 1] + 0.0722 * c[..., 2]


def border(a, width: int = 3, corner: int = 8):
    """The pixels of a frame ``width`` wide along the edges, rounded corners left out."""
    h, w = a.shape[:2]
    return np.concatenate([a[:width, corner:w - corner].reshape(-1, *a.shape[2:]),
                           a[h - width:, corner:w - corner].reshape(-1, *a.shape[2:]),
                           a[corner:h - corner, :width].reshape(-1, *a.shape[2:]),
                           a[corner:h - corner, w - width:].reshape(-1, *a.shape[2:])])


def readability(image) -> dict:
    """How a picture reads: its border's luminance and the contrast of its darkest marks.

    ``border``: median luminance (0..255) of a frame 3 px wide inside the picture's edge (the
    median, not the mean: an axis drawn along the edge of a chart is not its background);
    ``contrast``: WCAG contrast ratio between the border's median colour and the darkest marks.
    """
    rgb = np.asarray(image.convert("RGB"))
    rgb = rgb[TRIM:rgb.shape[0] - TRIM, TRIM:rgb.shape[1] - TRIM]
    border_rgb = border(rgb)
    background = float(np.median(relative_luminance(border_rgb)))
    ink = float(np.percentile(relative_luminance(rgb), INK_PERCENTILE))
    return {
        "border": float(np.median(luminance(border_rgb))),
        "contrast": (max(background, ink) + 0.05) / (min(background, ink) + 0.05),
        "size": image.size,
    }


#: The share of a text's pixels that are its ink: the strokes' cores, not their antialiased edges.
INK_SHARE = 0.02


def text_contrast(image) -> float:
    """The WCAG contrast a reader sees in a photographed text: between its background (the commonest colour) and its
    ink (the mean of the share INK_SHARE of pixels farthest from that background). A thin face drawn in a colour of
    good contrast can still read faint: its strokes never reach their colour."""
    rgb = np.asarray(image.convert("RGB")).reshape(-1, 3)
    colours, counts = np.unique(rgb, axis=0, return_counts=True)
    background = float(relative_luminance(colours[counts.argmax()]))
    lum = relative_luminance(rgb)
    far = np.sort(np.abs(lum - background))[-max(1, int(len(lum) * INK_SHARE)):]
    ink = background + (far.mean() if background < 0.5 else -far.mean())
    return (max(background, ink) + 0.05) / (min(background, ink) + 0.05)


def _css_rgb(color: str) -> tuple[int, int, int, float] | None:
    match = re.match(r"rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)", color or "")
    if not match:
        return None
    alpha = match.group(4)
    a = 1.0 if alpha is None else (float(alpha[:-1]) / 100 if alpha.endswith("%") else float(alpha))
    return round(float(match.group(1))), round(float(match.group(2))), round(float(match.group(3))), a


def page_background(backgrounds: list[str]) -> tuple[int, int, int]:
    """The colour behind the page: the body's, else the root's, else white."""
    for color in backgrounds:
        parsed = _css_rgb(color)
        if parsed and parsed[3] > 0.5:
            return parsed[:3]
    return 255, 255, 255
