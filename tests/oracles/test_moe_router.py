import math

import pytest
import torch

from reference.moe_router import route


def brute_force(x, w, k):
    """Token by token in float64 Python: softmax over experts, the k best, renormalised; then
    aux = E * sum_e f_e * P_e with f_e = (tokens routed to e) / (T k), P_e = mean prob."""
    T, E = x.shape[0], w.shape[0]
    logits = (x.double() @ w.double().T).tolist()
    weights, experts, counts, prob_sums = [], [], [0] * E, [0.0] * E
    for row in logits:
        m = max(row)
        z = [math.exp(v - m) for v in row]
        probs = [v / sum(z) for v in z]
        order = sorted(range(E), key=lambda e: -probs[e])[:k]
        total = sum(probs[e] for e in order)
        weights.append([probs[e] / total for e in order])
        experts.append(order)
        for e in order:
            counts[e] += 1
        for e in range(E):
            prob_sums[e] += probs[e]
    aux = E * sum(counts[e] / (T * k) * prob_sums[e] / T for e in range(E))
    return torch.tensor(weights), torch.tensor(experts), aux


def hf_mixtral_style(probs, experts, E, k):
    """HF Mixtral load_balancing_loss_func (no padding mask), divided by k as this drill defines f."""
    expert_mask = torch.nn.functional.one_hot(experts, E)                # (T, k, E)
    tokens_per_expert = expert_mask.float().mean(0)                      # (k, E)
    router_prob_per_expert = probs.mean(0)                               # (E,)
    return (tokens_per_expert * router_prob_per_expert[None]).sum() * E / k


@pytest.mark.parametrize("T,d,E,k", [(1, 4, 2, 1), (5, 3, 4, 2), (16, 8, 8, 2), (7, 6, 6, 6), (64, 16, 16, 4)])
@pytest.mark.parametrize("scale", [0.5, 2.0])
def test_agrees_with_brute_force(T, d, E, k, scale):
    g = torch.Generator().manual_seed(T * 31 + E)
    x, w = torch.randn(T, d, generator=g), torch.randn(E, d, generator=g) * scale
    weights, experts, aux = route(x, w, k)
    want_w, want_e, want_aux = brute_force(x, w, k)
    assert torch.equal(experts, want_e)
    torch.testing.assert_close(weights, want_w.float(), rtol=1e-5, atol=1e-6)
    assert aux.item() == pytest.approx(want_aux, rel=1e-5)
    probs = (x @ w.T).softmax(-1)
    torch.testing.assert_close(aux, hf_mixtral_style(probs, experts, E, k))


def test_switch_loss_for_k1():
    """k = 1: the Switch Transformer loss, N * sum_i f_i * P_i with top-1 dispatch fractions."""
    g = torch.Generator().manual_seed(0)
    x, w = torch.randn(32, 8, generator=g), torch.randn(4, 8, generator=g)
    probs = (x @ w.T).softmax(-1)
    f = torch.stack([(probs.argmax(-1) == e).float().mean() for e in range(4)])
    _, _, aux = route(x, w, 1)
    torch.testing.assert_close(aux, 4 * (f * probs.mean(0)).sum())


def test_large_logits_stay_finite():
    weights, experts, aux = route(torch.tensor([[1000.0, 0.0], [0.0, 1000.0]]), torch.eye(2) * 3, 1)
    assert torch.isfinite(weights).all() and torch.isfinite(aux)
    assert experts.tolist() == [[0], [1]]


def test_prompt_example():
    x = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    w = torch.tensor([[1.0, 0.0], [0.0, 2.0], [-1.0, 0.5]])
    weights, experts, aux = route(x, w, k=2)
    assert experts.tolist() == [[0, 1], [1, 2], [1, 0]]
    torch.testing.assert_close(weights, torch.tensor([[0.7311, 0.2689], [0.8176, 0.1824], [0.7311, 0.2689]]),
                               atol=1e-4, rtol=0)
    torch.testing.assert_close(aux, torch.tensor(1.2266), atol=1e-4, rtol=0)
