"""The reference against closed forms: the loss written term by term in float64 with math (log σ(x)
as -log1p(exp(-x)), stable on both sides), its gradients against torch autograd of that sum, and the
sampler's frequencies over many draws against counts ** 0.75 normalised (word2vec's table)."""
import math

import pytest
import torch

from reference.word2vec_sgns import sample_negatives, sgns_loss


def log_sigmoid(x: float) -> float:
    return -math.log1p(math.exp(-x)) if x >= 0 else x - math.log1p(math.exp(x))


def closed_form(W_in, W_out, center, context, negatives) -> float:
    total = 0.0
    for b in range(len(center)):
        v = W_in[center[b]].tolist()
        u = W_out[context[b]].tolist()
        pair = -log_sigmoid(sum(a * c for a, c in zip(u, v)))
        for k in negatives[b].tolist():
            n = W_out[k].tolist()
            pair -= log_sigmoid(-sum(a * c for a, c in zip(n, v)))
        total += pair
    return total / len(center)


def case(V, D, B, K, seed, scale=1.0):
    g = torch.Generator().manual_seed(seed)
    return (torch.randn(V, D, generator=g, dtype=torch.float64) * scale,
            torch.randn(V, D, generator=g, dtype=torch.float64) * scale,
            torch.randint(0, V, (B,), generator=g), torch.randint(0, V, (B,), generator=g),
            torch.randint(0, V, (B, K), generator=g))


@pytest.mark.parametrize("V,D,B,K", [(1, 1, 1, 1), (5, 3, 4, 2), (10, 8, 16, 5), (3, 2, 7, 1), (50, 16, 32, 10)])
@pytest.mark.parametrize("scale", [0.1, 1.0, 30.0])
def test_loss_agrees_with_the_closed_form(V, D, B, K, scale):
    args = case(V, D, B, K, seed=V * 7 + B, scale=scale)
    assert math.isclose(sgns_loss(*args).item(), closed_form(*args), rel_tol=1e-10, abs_tol=1e-10)


def test_gradients_agree_with_autograd_of_the_term_by_term_loss():
    W_in, W_out, center, context, negatives = case(6, 4, 5, 3, seed=3)
    a, b = W_in.clone().requires_grad_(), W_out.clone().requires_grad_()
    sgns_loss(a, b, center, context, negatives).backward()
    c, d = W_in.clone().requires_grad_(), W_out.clone().requires_grad_()
    terms = []
    for i in range(len(center)):
        v = c[center[i]]
        terms.append(torch.nn.functional.softplus(-(d[context[i]] @ v)) +
                     sum(torch.nn.functional.softplus(d[k] @ v) for k in negatives[i].tolist()))
    (sum(terms) / len(terms)).backward()
    torch.testing.assert_close(a.grad, c.grad, rtol=1e-10, atol=1e-12)
    torch.testing.assert_close(b.grad, d.grad, rtol=1e-10, atol=1e-12)


def test_the_prompts_example():
    W_in = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    W_out = torch.tensor([[0.5, 0.5], [1.0, -1.0], [0.0, 2.0]])
    loss = sgns_loss(W_in, W_out, torch.tensor([0, 2]), torch.tensor([1, 0]), torch.tensor([[2, 1], [1, 1]]))
    assert round(loss.item(), 4) == 2.0096


@pytest.mark.parametrize("counts", [[16, 1, 0, 81], [1, 10, 100, 1000, 5], [7], [0, 0, 3, 0, 1, 2]])
def test_sampler_frequencies_are_counts_to_the_three_quarters(counts):
    counts = torch.tensor(counts)
    draws = sample_negatives(counts, 50_000, 4, generator=torch.Generator().manual_seed(0))
    assert draws.shape == (50_000, 4) and draws.dtype == torch.long
    weights = [c ** 0.75 for c in counts.tolist()]
    want = torch.tensor([w / sum(weights) for w in weights], dtype=torch.float64)
    freq = torch.bincount(draws.flatten(), minlength=len(counts)).double() / draws.numel()
    assert (freq[want == 0] == 0).all()
    assert (freq - want).abs().max() < 0.005          # 200 000 draws: a standard error below 0.0012


def test_sampler_follows_the_generator():
    counts = torch.tensor([3, 1, 4, 1, 5])
    a = sample_negatives(counts, 10, 3, generator=torch.Generator().manual_seed(5))
    b = sample_negatives(counts, 10, 3, generator=torch.Generator().manual_seed(5))
    assert torch.equal(a, b)
