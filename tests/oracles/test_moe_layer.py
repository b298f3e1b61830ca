"""The reference against transformers' MixtralSparseMoeBlock (softmax router, top-k renormalised,
SwiGLU experts with fused gate/up weights) where there is no capacity and no shared expert, and
against a dense loop written here (every expert on every token, a Python-loop capacity count in
token order) for capacity factors and a shared expert."""
import math

import pytest
import torch
import torch.nn.functional as F

from reference.moe_layer import moe_layer


def clear_margins(x, router_weight, k, gap=1e-3) -> bool:
    """The k + 1 largest router probabilities of every token each exceed the next by a factor
    1 + gap, so that no rounding decides which experts are chosen."""
    top = (x @ router_weight.T).softmax(-1).topk(min(k + 1, router_weight.shape[0]), dim=-1).values
    return bool((top[:, :-1] > top[:, 1:] * (1 + gap)).all())


def mixtral(x, router, w_gate, w_up, w_down, k):
    from transformers import MixtralConfig
    from transformers.models.mixtral.modeling_mixtral import MixtralSparseMoeBlock
    E, d_ff, d = w_gate.shape
    config = MixtralConfig(hidden_size=d, intermediate_size=d_ff, num_local_experts=E, num_experts_per_tok=k,
                           router_jitter_noise=0.0)
    block = MixtralSparseMoeBlock(config).to(x.dtype).eval()
    with torch.no_grad():
        block.gate.weight.copy_(router)
        block.experts.gate_up_proj.copy_(torch.cat([w_gate, w_up], dim=1))
        block.experts.down_proj.copy_(w_down)
        return block(x[None])[0]


def dense(x, router, w_gate, w_up, w_down, k, capacity_factor=None, shared=None):
    """Every expert on every token; then the combine weights, with a capacity counted token by token."""
    T, E = x.shape[0], router.shape[0]
    all_out = torch.stack([(F.silu(x @ w_gate[e].T) * (x @ w_up[e].T)) @ w_down[e].T for e in range(E)], 1)  # (T, E, d)
    probs = (x @ router.T).softmax(-1)
    capacity = math.inf if capacity_factor is None else math.ceil(capacity_factor * T * k / E)
    taken, combine = [0] * E, []
    for t in range(T):
        chosen = sorted(range(E), key=lambda e: -probs[t, e].item())[:k]
        total = sum(probs[t, e] for e in chosen)
        row = [torch.zeros((), dtype=x.dtype)] * E
        for e in chosen:
            if taken[e] < capacity:
                taken[e] += 1
                row[e] = probs[t, e] / total
        combine.append(torch.stack(row))
    out = (torch.stack(combine)[..., None] * all_out).sum(1)
    if shared is not None:
        out = out + (F.silu(x @ shared[0].T) * (x @ shared[1].T)) @ shared[2].T
    return out


def draw(seed, T, d, E, d_ff, k, dtype=torch.float64):
    g = torch.Generator().manual_seed(seed)
    while True:
        x, router = torch.randn(T, d, generator=g), torch.randn(E, d, generator=g)
        if clear_margins(x, router, k):
            break
    experts = [torch.randn(E, d_ff, d, generator=g) * 0.5, torch.randn(E, d_ff, d, generator=g) * 0.5,
               torch.randn(E, d, d_ff, generator=g) * 0.5]
    return [t.to(dtype) for t in (x, router, *experts)]


@pytest.mark.parametrize("T,d,E,d_ff,k", [(1, 4, 2, 3, 1), (8, 16, 4, 32, 2), (13, 8, 8, 16, 2), (6, 5, 3, 4, 3),
                                          (32, 16, 8, 8, 1)])
def test_agrees_with_mixtral_sparse_moe_block(T, d, E, d_ff, k):
    args = draw(T * E + k, T, d, E, d_ff, k)
    # Mixtral takes the router's softmax in float32 whatever the input's dtype: float32 tolerances
    torch.testing.assert_close(moe_layer(*args, k), mixtral(*args, k), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("capacity_factor", [0.25, 0.5, 1.0, 1.25, 3.0])
@pytest.mark.parametrize("k", [1, 2, 3])
@pytest.mark.parametrize("with_shared", [False, True])
def test_agrees_with_a_dense_loop(capacity_factor, k, with_shared):
    T, d, E, d_ff = 12, 6, 4, 5
    x, router, *experts = draw(k * 10 + int(capacity_factor * 4), T, d, E, d_ff, k)
    g = torch.Generator().manual_seed(k)
    shared = tuple(t.double() for t in (torch.randn(3, d, generator=g), torch.randn(3, d, generator=g),
                                        torch.randn(d, 3, generator=g))) if with_shared else None
    got = moe_layer(x, router, *experts, k, capacity_factor=capacity_factor, shared=shared)
    torch.testing.assert_close(got, dense(x, router, *experts, k, capacity_factor, shared), rtol=1e-10, atol=1e-10)


def test_gradients_match_the_dense_loop():
    x, router, *experts = draw(3, 7, 4, 3, 5, 2)
    leaves = [t.clone().requires_grad_() for t in (x, router, *experts)]
    ours = torch.autograd.grad(moe_layer(*leaves, 2, capacity_factor=1.0).sum(), leaves)
    theirs = torch.autograd.grad(dense(*leaves, 2, capacity_factor=1.0).sum(), leaves)
    for a, b in zip(ours, theirs):
        torch.testing.assert_close(a, b, rtol=1e-8, atol=1e-10)
