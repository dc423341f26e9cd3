"""MLX's kernels for the workloads it is measured on beside PyTorch: ``B @ a``, ``A @ B`` and the decode step.

The numbers are PyTorch's: every input and weight is drawn by the same seeded torch generators on the CPU as
PyTorch's CPU points and :mod:`mpsarticle.measure.decoder` draw them, and handed to MLX as arrays (in the point's
precision, rounded as PyTorch rounds), so both frameworks compute on identical values; each result is checked
against the same float64 reference (:func:`~mpsarticle.measure.kernels.relative_error`, the same tolerances).

MLX builds a graph and computes it only when asked: each callable evaluates its own output (``mx.eval``) before
it returns, so a timed call is a computed one, as a reader's ``mx.eval`` after a token is.
"""

from __future__ import annotations

import functools
import math
from typing import Any

import mlx.core as mx
import numpy as np
import torch

from mpsarticle.core.specs import Decode, MatMul, MatVec, Unsupported, Workload
from mpsarticle.measure import decoder
from mpsarticle.measure.kernels import DECODE_TOLERANCE, TOLERANCE, Prepared, relative_error, sample_rows
from mpsarticle.measure.mlx import MlxDevice, tf32_setting

__all__ = ["DTYPES", "array", "build", "prepare", "step", "to_torch"]

DTYPES: dict[str, Any] = {"float32": mx.float32, "float16": mx.float16, "bfloat16": mx.bfloat16}


def array(tensor: torch.Tensor, dtype: str) -> Any:
    """``tensor`` (float32 or float64, on the CPU) as an MLX array in ``dtype``, rounded as PyTorch rounds it."""
    if dtype == "float32":
        return mx.array(tensor.to(torch.float32).numpy())
    # numpy has no bfloat16: round in PyTorch, carry the bits as 16-bit integers, and view them as MLX's dtype.
    rounded = tensor.to(getattr(torch, dtype)).view(torch.int16).numpy()
    return mx.array(rounded).view(DTYPES[dtype])


def to_torch(values: Any) -> torch.Tensor:
    """An MLX array as a float32 CPU tensor (to check against a float64 reference)."""
    return torch.from_numpy(np.array(values.astype(mx.float32)))


def _detail() -> dict[str, str | int]:
    """What every MLX point records: MLX's version and its float32 switch, ``MLX_ENABLE_TF32`` (unset: TF32-class
    float32 products where the hardware has matrix units for them, an M5's GPU among them)."""
    return {"mlx": mx.__version__, "mlx_tf32": tf32_setting()}


def prepare(workload: Workload, device: MlxDevice, *, seed: int = 0) -> Prepared:
    """As :func:`mpsarticle.measure.kernels.prepare`, with MLX's kernel: on inputs drawn as PyTorch's CPU draws them
    (one set: MLX is not timed cache-cold)."""
    reason = workload.unsupported_reason(device.kind)
    if reason:
        raise Unsupported(reason)
    return build(workload, device, seed=seed)


@functools.singledispatch
def build(workload: Workload, device: MlxDevice, *, seed: int) -> Prepared:
    """MLX's kernel of ``workload``; a kind MLX is not measured on has none."""
    raise TypeError(f"no MLX kernel for workload {workload.kind!r}")


@build.register(MatVec)
@build.register(MatMul)
def _product(workload: MatVec | MatMul, device: MlxDevice, *, seed: int) -> Prepared:
    # As PyTorch's CPU point draws its inputs (mpsarticle.measure.kernels): one generator, X then Y, in float32.
    generator = torch.Generator().manual_seed(seed)
    left = torch.rand((workload.m, workload.m), generator=generator)
    right = torch.rand(workload.right_shape, generator=generator)
    X, Y = array(left, workload.dtype), array(right, workload.dtype)
    mx.eval(X, Y)

    def fn() -> Any:
        out = X @ Y
        mx.eval(out)
        return out

    def verify() -> float:
        rows = sample_rows(workload.m, seed)
        out = to_torch(fn())[rows]
        # The reference reads the values MLX holds (rounded to the point's precision), as PyTorch's check does.
        ref = to_torch(X)[rows].double() @ to_torch(Y).double()
        return relative_error(out, ref)

    return Prepared(fn, verify, TOLERANCE[workload.dtype], detail=_detail())


# -- the decode step, written in MLX as mpsarticle.measure.decoder writes it in PyTorch ---------------------------

def _rms_norm(x: Any, weight: Any) -> Any:
    wide = x.astype(mx.float32)
    normed = wide * mx.rsqrt(mx.mean(wide * wide, axis=-1, keepdims=True) + decoder.EPS)
    return normed.astype(x.dtype) * weight


def _rotate(x: Any, cos: Any, sin: Any) -> Any:
    half = x.shape[-1] // 2
    first, second = x[..., :half], x[..., half:]
    return mx.concatenate([first * cos - second * sin, first * sin + second * cos], axis=-1)


def _layer(model: Decode, x: Any, w: dict[str, Any], cache: list[Any], angles: tuple[Any, Any]) -> Any:
    """One layer of the step (:func:`mpsarticle.measure.decoder.layer_step`); writes the new position's keys and
    values into ``cache`` (its keys and values), as mlx-lm's cache does."""
    heads, kv, dim = model.heads, model.kv_heads, model.head_dim
    h = _rms_norm(x, w["norm1"])
    query = _rotate((h @ w["wq"]).reshape(1, heads, 1, dim), *angles)
    cache[0][:, :, -1:, :] = _rotate((h @ w["wk"]).reshape(1, kv, 1, dim), *angles)
    cache[1][:, :, -1:, :] = (h @ w["wv"]).reshape(1, kv, 1, dim)
    mixed = mx.fast.scaled_dot_product_attention(query, cache[0], cache[1], scale=1 / math.sqrt(dim))
    x = x + mixed.reshape(1, heads * dim) @ w["wo"]
    h = _rms_norm(x, w["norm2"])
    gate = h @ w["gate"]
    return x + ((gate * mx.sigmoid(gate)) * (h @ w["up"])) @ w["down"]


def step(model: Decode, token: Any, top: dict[str, Any], layers: list[dict[str, Any]], caches: list[list[Any]],
         angles: tuple[Any, Any]) -> Any:
    """The logits (1 x vocab) of one decode step, as :func:`mpsarticle.measure.decoder.step` computes them."""
    x = top["embed"][token]
    for w, cache in zip(layers, caches, strict=True):
        x = _layer(model, x, w, cache, angles)
    return _rms_norm(x, top["norm"]) @ top["head"]


def _weights(weights: dict[str, torch.Tensor], dtype: str) -> dict[str, Any]:
    return {name: array(value, dtype) for name, value in weights.items()}


@build.register
def _decode(workload: Decode, device: MlxDevice, *, seed: int) -> Prepared:
    if workload.mode != "eager":
        raise TypeError(f"MLX's decode step runs eagerly only, not {workload.mode!r}")
    # The weights and the cache PyTorch's step reads, drawn by the same generators (decoder.layer_weights, ...).
    top = _weights(decoder.top_weights(workload, seed), workload.dtype)
    layers = [_weights(decoder.layer_weights(workload, seed, index), workload.dtype)
              for index in range(workload.layers)]
    caches = [[array(part, workload.dtype) for part in decoder.cache(workload, seed, index)]
              for index in range(workload.layers)]
    cos, sin = decoder.rotary_angles(workload, torch.float64, "cpu")
    angles = (array(cos, workload.dtype), array(sin, workload.dtype))
    token = mx.array([decoder.TOKEN])
    mx.eval(top, layers, caches, angles)

    def fn() -> Any:
        logits = step(workload, token, top, layers, caches, angles)
        mx.eval(logits)
        return logits

    def verify() -> float:
        return relative_error(to_torch(fn()), decoder.reference_logits(workload, seed))

    return Prepared(fn, verify, DECODE_TOLERANCE[workload.dtype], detail=_detail(), state=(top, layers, caches))

