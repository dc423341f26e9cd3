"""Which of PyTorch's attention kernels an Apple GPU runs for a call, from the call's shape.

On MPS, ``scaled_dot_product_attention`` dispatches one operator
(``_scaled_dot_product_attention_math_for_mps``) whatever kernel runs inside
it, so the dispatched name cannot tell the kernels apart; the shape can. The
rule is PyTorch's own (``aten/src/ATen/native/mps/operations/Attention.mm``;
the vector kernels came with pytorch/pytorch#152781, their conditions are
restated in #169222):

- a query of at most 8 positions, no longer than the keys, no causal mask, no
  mask or a boolean one, and query and value heads of the same size, 64, 96 or
  128, runs a Metal *vector* kernel: in one pass below 1,024 keys, in two
  passes from 1,024 on (``vector``, ``vector_2pass``);
- every other call takes the *general* path: an MPSGraph of matrix products
  and a softmax, which recent work aims to move to a Metal kernel of its own
  (pytorch/pytorch#181030).

Nothing here needs torch: the rule reads sizes only.
"""

from __future__ import annotations

from typing import Literal, get_args

__all__ = ["ROUTES", "Route", "mps_attention_route"]

Route = Literal["vector", "vector_2pass", "general"]
ROUTES: tuple[Route, ...] = get_args(Route)
#: Head sizes the vector kernels are built for.
VECTOR_HEAD_DIMS = (64, 96, 128)
#: The longest query the vector kernels take.
VECTOR_QUERY_MAX = 8
#: Keys from which the vector kernel runs in two passes.
TWO_PASS_KEYS = 1024


def mps_attention_route(query_len: int, key_len: int, head_dim: int, *, value_head_dim: int | None = None,
                        causal: bool, mask: Literal["none", "bool", "float"] = "none") -> Route:
    """The kernel an Apple GPU runs for one attention call of these sizes (see the module notes)."""
    value_head_dim = head_dim if value_head_dim is None else value_head_dim
    vector = (query_len <= VECTOR_QUERY_MAX and query_len <= key_len and not causal and mask != "float"
              and head_dim == value_head_dim and head_dim in VECTOR_HEAD_DIMS)
    if not vector:
        return "general"
    return "vector_2pass" if key_len >= TWO_PASS_KEYS else "vector"
