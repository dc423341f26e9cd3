"""Which MPS attention kernel a call's shape selects: PyTorch's rule, read case by case from its conditions."""

from __future__ import annotations

import pytest

from mpsarticle.core.routes import ROUTES, mps_attention_route


@pytest.mark.parametrize("query, keys, dim, causal, mask, expected", [
    (1, 513, 64, False, "none", "vector"),            # a decode step over a short cache
    (1, 4096, 128, False, "none", "vector_2pass"),    # over a long one
    (8, 1023, 96, False, "bool", "vector"),           # the longest query, a boolean mask
    (1, 1024, 64, False, "none", "vector_2pass"),     # two passes from 1,024 keys on
    (9, 4096, 64, False, "none", "general"),          # a query too long for the vector kernels
    (1, 513, 80, False, "none", "general"),           # a head size they are not built for
    (1, 513, 64, True, "none", "general"),            # a causal mask
    (1, 513, 64, False, "float", "general"),          # an additive mask
    (512, 512, 64, True, "none", "general"),          # the chapter's causal attention
    (4, 2, 64, False, "none", "general"),             # a query longer than its keys
])
def test_the_route_follows_pytorchs_conditions(query, keys, dim, causal, mask, expected):
    assert mps_attention_route(query, keys, dim, causal=causal, mask=mask) == expected
    assert expected in ROUTES


def test_a_value_head_of_another_size_takes_the_general_path():
    assert mps_attention_route(1, 513, 64, value_head_dim=128, causal=False) == "general"
