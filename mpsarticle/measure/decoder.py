"""A small Llama-like decoder with random weights, and one decode step of it (:class:`~mpsarticle.core.specs.Decode`).

Nothing is downloaded: every weight is drawn from a seeded generator on the CPU, one layer at a time
(:func:`layer_weights`), so that the float64 reference of :func:`reference_logits` can draw the very same
weights again, layer by layer, without holding a float64 copy of the whole model (a 1-billion-parameter model
would need 8.8 GB). Each layer has its own generator, so layers are drawn a few at a time in threads
(:func:`_drawn`): PyTorch's CPU generator is serial, and drawing a 1.1-billion-parameter model one number after
another takes some 6 s on the H200's host, for each precision and mode measured and for the reference.
The reference never reads the weights the device holds: a weight spoiled on the device after it was built
makes the check fail.

The step is written as a function of its weights (:func:`step`), the same for the device and the reference,
except for attention: the device calls ``scaled_dot_product_attention`` (grouped-query, over the cache), the
reference writes softmax(q kᵀ / √d) v out with each key/value head repeated for its query heads.

The key/value cache holds ``context`` earlier positions, drawn at random as if a prompt had filled it; each
step writes the new token's keys and values at position ``context`` and attends over all ``context + 1``.
Timing repeats the same step, so the cache never grows: every timed token is generated at the same context.
"""

from __future__ import annotations

import collections
import functools
import math
import os
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Any, TypeVar

import torch
from torch.nn import functional as F

from mpsarticle.core.specs import Decode, Prefill

__all__ = ["Weights", "build", "build_prefill", "build_products", "cache", "flat", "held", "layer_weights", "let_go",
           "prefill", "prefill_reference", "products", "products_reference", "prompt", "reference_logits",
           "rotary_angles", "step", "top_weights"]

#: RMSNorm's epsilon, as Llama's.
EPS = 1e-5
#: Rotary embeddings' base, as Llama's.
ROPE_BASE = 10000.0
#: The token whose step is timed, and the seeds' offsets: layer ``i`` draws from ``seed * SEED_STRIDE + i``.
TOKEN = 17
SEED_STRIDE = 100_003

Weights = dict[str, torch.Tensor]
T = TypeVar("T")


def _generator(seed: int, part: int) -> torch.Generator:
    return torch.Generator().manual_seed(seed * SEED_STRIDE + part)


def _uniform(shape: tuple[int, ...], scale: float, generator: torch.Generator) -> torch.Tensor:
    """Uniform in [-scale √3, scale √3]: standard deviation ``scale`` (uniform draws are cheaper than normal)."""
    return torch.rand(shape, generator=generator).mul_(2).sub_(1).mul_(scale * math.sqrt(3.0))


def layer_weights(model: Decode, seed: int, index: int) -> Weights:
    """Layer ``index``'s weights in float32 on the CPU (``x @ w`` layout: inputs by outputs)."""
    g = _generator(seed, index + 1)
    d, kv, ffn = model.d_model, model.kv_heads * model.head_dim, model.ffn
    return {
        "norm1": 1 + _uniform((d,), 0.1, g),
        "wq": _uniform((d, d), d**-0.5, g),
        "wk": _uniform((d, kv), d**-0.5, g),
        "wv": _uniform((d, kv), d**-0.5, g),
        "wo": _uniform((d, d), d**-0.5, g),
        "norm2": 1 + _uniform((d,), 0.1, g),
        "gate": _uniform((d, ffn), d**-0.5, g),
        "up": _uniform((d, ffn), d**-0.5, g),
        "down": _uniform((ffn, d), ffn**-0.5, g),
    }


def top_weights(model: Decode, seed: int) -> Weights:
    """The embedding table, the final norm and the output layer, in float32 on the CPU."""
    g = _generator(seed, 0)
    return {"embed": _uniform((model.vocab, model.d_model), 1.0, g),
            "norm": 1 + _uniform((model.d_model,), 0.1, g),
            "head": _uniform((model.d_model, model.vocab), model.d_model**-0.5, g)}


def cache(model: Decode, seed: int, index: int) -> tuple[torch.Tensor, torch.Tensor]:
    """Layer ``index``'s keys and values (1 x kv_heads x context + 1 x head_dim, float32, CPU), the last position
    empty: the step writes it."""
    g = _generator(seed, model.layers + 1 + index)
    shape = (1, model.kv_heads, model.context + 1, model.head_dim)
    keys, values = _uniform(shape, 1.0, g), _uniform(shape, 1.0, g)
    keys[:, :, -1] = 0
    values[:, :, -1] = 0
    return keys, values


#: Layers drawn at once (each in its own thread): enough to use a workstation's cores, few enough that the layers
#: waiting to be moved to the device stay a small part of the model in memory.
DRAW_AHEAD = max(1, min(8, (os.cpu_count() or 2) // 2))

Layer = tuple[Weights, tuple[torch.Tensor, torch.Tensor]]


def _moved(weights: Weights, device: torch.device | str, dtype: torch.dtype) -> Weights:
    return {name: value.to(device, dtype) for name, value in weights.items()}


class _Ahead(Iterator[T]):
    """``draw(0)``, ``draw(1)``, … ``draw(count - 1)`` in order, up to :data:`DRAW_AHEAD` of them drawn at once in
    threads from its creation on (each draw reads only its own generators: the same numbers as one after
    another). :meth:`close` (or the last item) ends the threads, read or not."""

    def __init__(self, count: int, draw: Callable[[int], T]) -> None:
        self._count, self._draw, self._next = count, draw, 0
        self._pool = ThreadPoolExecutor(max_workers=DRAW_AHEAD, thread_name_prefix="draw")
        self._waiting = collections.deque(self._pool.submit(draw, i) for i in range(min(DRAW_AHEAD, count)))

    def __next__(self) -> T:
        if self._next >= self._count:
            self.close()
            raise StopIteration
        try:
            found = self._waiting.popleft().result()
        except BaseException:
            self.close()
            raise
        if self._next + DRAW_AHEAD < self._count:
            self._waiting.append(self._pool.submit(self._draw, self._next + DRAW_AHEAD))
        self._next += 1
        if self._next == self._count:
            self.close()
        return found

    def close(self) -> None:
        self._pool.shutdown(cancel_futures=True)



def _drawn(model: Decode, seed: int) -> tuple[Weights, Iterator[Layer]]:
    """The model's top weights and, in order, each layer's weights and cache, as :func:`top_weights`,
    :func:`layer_weights` and :func:`cache` draw them, with up to :data:`DRAW_AHEAD` layers drawn at once."""
    layers = _Ahead(model.layers, lambda index: (layer_weights(model, seed, index), cache(model, seed, index)))
    try:
        top = top_weights(model, seed)  # in this thread, while the first layers are drawn
    except BaseException:
        layers.close()
        raise
    return top, layers


#: The decoder whose weights this process holds on a device (:func:`held`), and its key; one at a time.
_HELD: dict[tuple[object, ...], tuple[Weights, list[Weights]]] = {}


def held(model: Decode, device: torch.device | str, dtype: torch.dtype, seed: int) -> tuple[Weights, list[Weights]]:
    """The decoder's top weights and layers' weights on ``device`` in ``dtype``, drawn once per process for every
    point that runs this decoder there (each mode, context and prompt reads the same weights): drawing and moving
    a 1.1-billion-parameter model takes seconds, and a decode suite measures it up to ten ways in each process.

    One decoder is held at a time: another one (another precision, another device) lets this one go first, so
    that a Mac's memory never holds two copies of a large model. The float64 references draw their own."""
    key = (model.d_model, model.layers, model.heads, model.kv_heads, model.ffn, model.vocab, str(device), dtype,
           seed)
    if key not in _HELD:
        _HELD.clear()
        drawn = _Ahead(model.layers, lambda index: layer_weights(model, seed, index))
        top = _moved(top_weights(model, seed), device, dtype)
        layers = [_moved(weights, device, dtype) for weights in drawn]
        _HELD[key] = (top, layers)
    return _HELD[key]


def let_go() -> None:
    """Forget the held decoder (a test, or memory wanted back)."""
    _HELD.clear()


def rotary_angles(model: Decode, dtype: torch.dtype, device: torch.device | str,
                  positions: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
    """cos and sin of the rotary embedding at position ``context`` (the new token's), head_dim / 2 of each; or at
    each of ``positions`` (one row each)."""
    half = model.head_dim // 2
    frequencies = ROPE_BASE ** (-torch.arange(half, dtype=torch.float64) / half)
    at = torch.tensor(float(model.context), dtype=torch.float64) if positions is None else positions.double()[:, None]
    angles = at * frequencies
    return angles.cos().to(device, dtype), angles.sin().to(device, dtype)


def _rms_norm(x: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:
    wide = x.to(torch.promote_types(x.dtype, torch.float32))
    normed = wide * torch.rsqrt(wide.pow(2).mean(-1, keepdim=True) + EPS)
    return normed.to(x.dtype) * weight


def _rotate(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    first, second = x.chunk(2, dim=-1)
    return torch.cat((first * cos - second * sin, first * sin + second * cos), dim=-1)


Attend = Callable[[torch.Tensor, torch.Tensor, torch.Tensor], torch.Tensor]


def sdpa(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    """PyTorch's attention, grouped-query (one new position attends to every cached one: no mask)."""
    return F.scaled_dot_product_attention(query, keys, values, enable_gqa=query.shape[1] != keys.shape[1])


def written_out(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    """The same attention written out: each key/value head repeated for its group of query heads."""
    groups = query.shape[1] // keys.shape[1]
    keys, values = keys.repeat_interleave(groups, dim=1), values.repeat_interleave(groups, dim=1)
    scores = query @ keys.transpose(-2, -1) / math.sqrt(query.shape[-1])
    return torch.softmax(scores, dim=-1) @ values


def layer_step(model: Decode, x: torch.Tensor, w: Weights, keys: torch.Tensor, values: torch.Tensor,
               angles: tuple[torch.Tensor, torch.Tensor], attend: Attend) -> torch.Tensor:
    """One layer of the step: ``x`` (1 x d_model) in, the residual stream after the layer out; writes the cache."""
    heads, kv, dim = model.heads, model.kv_heads, model.head_dim
    h = _rms_norm(x, w["norm1"])
    query = _rotate((h @ w["wq"]).view(1, heads, 1, dim), *angles)
    keys[:, :, -1:] = _rotate((h @ w["wk"]).view(1, kv, 1, dim), *angles)
    values[:, :, -1:] = (h @ w["wv"]).view(1, kv, 1, dim)
    x = x + attend(query, keys, values).reshape(1, heads * dim) @ w["wo"]
    h = _rms_norm(x, w["norm2"])
    return x + (F.silu(h @ w["gate"]) * (h @ w["up"])) @ w["down"]


def step(model: Decode, token: torch.Tensor, top: Weights, layers: list[Weights],
         caches: list[tuple[torch.Tensor, torch.Tensor]], angles: tuple[torch.Tensor, torch.Tensor],
         attend: Attend = sdpa, layer: Callable[..., torch.Tensor] = layer_step) -> torch.Tensor:
    """The logits (1 x vocab) of one decode step for ``token`` (a one-element index tensor); ``layer`` runs each
    layer (:func:`layer_step`, or that function compiled)."""
    x = top["embed"][token]
    for w, (keys, values) in zip(layers, caches, strict=True):
        x = layer(model, x, w, keys, values, angles, attend)
    return _rms_norm(x, top["norm"]) @ top["head"]


def reference_logits(model: Decode, seed: int) -> torch.Tensor:
    """The step's logits in float64 on the CPU, from the weights and cache drawn again, one layer at a time.

    The same for every precision and mode of one model and seed, and computed once per process for them: for a
    model of a billion parameters it takes longer than measuring the step (some 20 s on a 2-core CPU), and an
    accelerator measures the step three ways."""
    return _reference_logits(replace(model, dtype="float64", mode="eager"), seed).clone()


@functools.lru_cache(maxsize=2)
def _reference_logits(model: Decode, seed: int) -> torch.Tensor:
    drawn, layers = _drawn(model, seed)
    top = _moved(drawn, "cpu", torch.float64)
    angles = rotary_angles(model, torch.float64, "cpu")
    x = top["embed"][torch.tensor([TOKEN])]
    for weights, (keys, values) in layers:
        x = layer_step(model, x, _moved(weights, "cpu", torch.float64), keys.double(), values.double(), angles,
                       written_out)
    return _rms_norm(x, top["norm"]) @ top["head"]


@dataclass
class Built:
    """The model on a device: its weights, its cache, the token, and the step as a callable."""

    top: Weights
    layers: list[Weights]
    caches: list[tuple[torch.Tensor, torch.Tensor]]
    #: The logits (a step, a prompt) or the products' outputs.
    fn: Callable[[], Any]
    #: The same call with every layer run eagerly, on the same tensors (the same callable unless a layer is
    #: compiled): the operations one call dispatches are counted on it.
    eager: Callable[[], Any] | None = None


def build(model: Decode, device: torch.device | str, dtype: torch.dtype, seed: int,
          layer: Callable[..., torch.Tensor] = layer_step) -> Built:
    """The model's weights (:func:`held`) and its cache on ``device`` in ``dtype`` (drawn on the CPU, moved one
    layer at a time); the step runs each layer with ``layer``."""
    top, layers = held(model, device, dtype, seed)
    caches = [(keys.to(device, dtype), values.to(device, dtype))
              for keys, values in _Ahead(model.layers, lambda index: cache(model, seed, index))]
    token = torch.tensor([TOKEN], device=device)
    angles = rotary_angles(model, dtype, device)

    def fn() -> torch.Tensor:
        return step(model, token, top, layers, caches, angles, layer=layer)

    def eager() -> torch.Tensor:
        return step(model, token, top, layers, caches, angles)

    return Built(top, layers, caches, fn, eager if layer is not layer_step else fn)


def _layer_products(x: torch.Tensor, w: Weights) -> list[torch.Tensor]:
    hidden = x @ w["gate"]
    return [x @ w["wq"], x @ w["wk"], x @ w["wv"], x @ w["wo"], hidden, x @ w["up"], hidden @ w["down"]]


def products(x: torch.Tensor, top: Weights, layers: list[Weights]) -> list[torch.Tensor]:
    """The step's matrix products alone, in its order, each on one vector as the step's are (``x``: 1 x d_model;
    the MLP's down projection on the gate's output, of the width it takes): every weight matrix read once,
    nothing between them, every output kept (eager calls and a replayed graph drop no work whose result goes
    unread, so nothing is added to keep them alive)."""
    found = [out for w in layers for out in _layer_products(x, w)]
    return found + [x @ top["head"]]


def build_products(model: Decode, device: torch.device | str, dtype: torch.dtype, seed: int) -> Built:
    """The decoder's weights (:func:`held`) and its matrix products alone (:func:`products`) as the callable,
    on a fixed input vector."""
    top, layers = held(model, device, dtype, seed)
    x = _input(model).to(device, dtype)

    def fn() -> list[torch.Tensor]:
        return products(x, top, layers)

    return Built(top, layers, [], fn)


def _input(model: Decode) -> torch.Tensor:
    """The products' input vector: fixed, one value per position of the residual stream."""
    return _uniform((1, model.d_model), 1.0, torch.Generator().manual_seed(TOKEN))


def products_reference(model: Decode, seed: int) -> torch.Tensor:
    """:func:`products`' outputs (:func:`flat`) in float64 on the CPU, from the weights drawn again, a layer at a
    time."""
    return _products_reference(replace(model, dtype="float64", mode="eager", context=1), seed).clone()


@functools.lru_cache(maxsize=2)
def _products_reference(model: Decode, seed: int) -> torch.Tensor:
    x = _input(model).double()
    found = [out.flatten() for weights in _Ahead(model.layers, lambda index: layer_weights(model, seed, index))
             for out in _layer_products(x, _moved(weights, "cpu", torch.float64))]
    return torch.cat(found + [(x @ top_weights(model, seed)["head"].double()).flatten()])


def flat(outputs: list[torch.Tensor]) -> torch.Tensor:
    """:func:`products`' outputs as one vector, in order (to compare with :func:`products_reference`)."""
    return torch.cat([out.flatten() for out in outputs])


# -- a prompt read at once ------------------------------------------------------------------

def prompt(model: Prefill) -> torch.Tensor:
    """The prompt's token ids: fixed, spread over the vocabulary (random weights make any ids as good)."""
    return (torch.arange(model.tokens) * 7919 + TOKEN) % model.vocab


def causal_sdpa(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    """PyTorch's attention over the prompt, each position over itself and those before it, grouped-query."""
    return F.scaled_dot_product_attention(query, keys, values, is_causal=True,
                                          enable_gqa=query.shape[1] != keys.shape[1])


def causal_written_out(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    """The same attention written out: key/value heads repeated, scores of later positions masked."""
    groups = query.shape[1] // keys.shape[1]
    keys, values = keys.repeat_interleave(groups, dim=1), values.repeat_interleave(groups, dim=1)
    scores = query @ keys.transpose(-2, -1) / math.sqrt(query.shape[-1])
    count = scores.shape[-1]
    later = torch.ones(count, count, dtype=torch.bool, device=scores.device).triu(1)
    return torch.softmax(scores.masked_fill(later, -math.inf), dim=-1) @ values


def layer_prefill(model: Decode, x: torch.Tensor, w: Weights, angles: tuple[torch.Tensor, torch.Tensor],
                  attend: Attend) -> torch.Tensor:
    """One layer over the prompt: ``x`` (tokens x d_model) in, the residual stream after the layer out."""
    count, heads, kv, dim = x.shape[0], model.heads, model.kv_heads, model.head_dim

    def split(y: torch.Tensor, n: int) -> torch.Tensor:
        return y.view(count, n, dim).transpose(0, 1).unsqueeze(0)  # 1 x heads x tokens x head_dim

    h = _rms_norm(x, w["norm1"])
    query, keys = _rotate(split(h @ w["wq"], heads), *angles), _rotate(split(h @ w["wk"], kv), *angles)
    mixed = attend(query, keys, split(h @ w["wv"], kv)).squeeze(0).transpose(0, 1).reshape(count, heads * dim)
    x = x + mixed @ w["wo"]
    h = _rms_norm(x, w["norm2"])
    return x + (F.silu(h @ w["gate"]) * (h @ w["up"])) @ w["down"]


def prefill(model: Decode, ids: torch.Tensor, top: Weights, layers: list[Weights],
            angles: tuple[torch.Tensor, torch.Tensor], attend: Attend = causal_sdpa) -> torch.Tensor:
    """The logits (1 x vocab) of the prompt's last position, the whole prompt read at once."""
    x = top["embed"][ids]
    for w in layers:
        x = layer_prefill(model, x, w, angles, attend)
    return _rms_norm(x[-1:], top["norm"]) @ top["head"]


def build_prefill(model: Prefill, device: torch.device | str, dtype: torch.dtype, seed: int) -> Built:
    """The weights of ``model``'s decoder on ``device`` in ``dtype`` (as :func:`build` draws them: the same numbers
    for the same seed) and the prompt read at once as the callable."""
    shape = model.shape
    top, layers = held(shape, device, dtype, seed)
    ids = prompt(model).to(device)
    angles = rotary_angles(shape, dtype, device, positions=torch.arange(model.tokens))

    def fn() -> torch.Tensor:
        return prefill(shape, ids, top, layers, angles)

    return Built(top, layers, [], fn)


def prefill_reference(model: Prefill, seed: int) -> torch.Tensor:
    """The prompt's last logits in float64 on the CPU, from the weights drawn again, one layer at a time."""
    return _prefill_reference(replace(model, dtype="float64"), seed).clone()


@functools.lru_cache(maxsize=2)
def _prefill_reference(model: Prefill, seed: int) -> torch.Tensor:
    shape = model.shape
    drawn, layers = _drawn(shape, seed)
    top = _moved(drawn, "cpu", torch.float64)
    angles = rotary_angles(shape, torch.float64, "cpu", positions=torch.arange(model.tokens))
    x = top["embed"][prompt(model)]
    for weights, _ in layers:
        x = layer_prefill(shape, x, _moved(weights, "cpu", torch.float64), angles, causal_written_out)
    return _rms_norm(x[-1:], top["norm"]) @ top["head"]
