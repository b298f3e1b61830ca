"""The reference agrees with Hugging Face transformers' TopKLogitsWarper (imported from
transformers.generation.logits_process; the `test` extra installs it), and sample draws from
softmax(top_k_filter(logits / temperature, k)), Hugging Face's order: temperature, then top-k."""
import pytest
import torch
from transformers.generation.logits_process import TopKLogitsWarper

from grader.engine.stats import binomial_tail
from reference.top_k import sample, top_k_filter


def hf_top_k(scores: torch.Tensor, top_k: int) -> torch.Tensor:
    """Hugging Face's TopKLogitsWarper (default filter value -inf, min_tokens_to_keep 1) over scores."""
    return TopKLogitsWarper(top_k)(None, scores)


@pytest.mark.parametrize("shape", [(7,), (4, 10), (2, 3, 16), (64, 32), (1, 1), (3, 1000)])
@pytest.mark.parametrize("k", [1, 2, 5, 50, 2000])
@pytest.mark.parametrize("scale", [0.3, 1.0, 50.0])
def test_filter_agrees_with_hf_top_k(shape, k, scale):
    logits = torch.randn(shape, generator=torch.Generator().manual_seed(len(shape) + k)) * scale
    before = logits.clone()
    torch.testing.assert_close(top_k_filter(logits, k), hf_top_k(logits, k), rtol=0, atol=0)
    assert torch.equal(logits, before)


def test_filter_edges():
    ties = torch.tensor([[1.0, 3.0, 3.0, 3.0, 0.0], [2.0, 2.0, 2.0, 2.0, 2.0], [5.0, 4.0, 4.0, 1.0, 0.0]])
    for k in range(1, 7):
        torch.testing.assert_close(top_k_filter(ties, k), hf_top_k(ties, k), rtol=0, atol=0)
    removed = torch.tensor([[0.5, -float("inf"), 1.0, -float("inf"), 0.2]])
    for k in range(1, 6):
        torch.testing.assert_close(top_k_filter(removed, k), hf_top_k(removed, k), rtol=0, atol=0)
    big = torch.tensor([[1e4, -1e4, 9999.0, 0.0]])
    torch.testing.assert_close(top_k_filter(big, 2), hf_top_k(big, 2), rtol=0, atol=0)


@pytest.mark.parametrize("temperature", [0.5, 1.0, 2.0])
def test_sample_draws_from_hf_temperature_then_top_k(temperature):
    logits = torch.randn(4, 8, generator=torch.Generator().manual_seed(3)) * 2
    n = 4000
    ids = sample(logits.expand(n, 4, 8), 3, temperature, torch.Generator().manual_seed(0))
    assert ids.shape == (n, 4) and ids.dtype == torch.long
    expected = torch.softmax(hf_top_k(logits.double() / temperature, 3), -1)   # HF: temperature, top-k, softmax
    counts = torch.stack([torch.bincount(ids[:, r], minlength=8) for r in range(4)])
    assert (counts[expected == 0] == 0).all()
    tested = [(r, t) for r in range(4) for t in range(8) if 0 < expected[r, t] < 1]
    for r, t in tested:                                                   # union bound: false fail <= 1e-6
        assert binomial_tail(int(counts[r, t]), n, expected[r, t].item()) >= 1e-6 / (2 * len(tested))


def test_sample_is_reproducible_and_shaped():
    x = torch.randn(6)
    a = sample(x, 3, generator=torch.Generator().manual_seed(5))
    b = sample(x, 3, generator=torch.Generator().manual_seed(5))
    assert a.shape == () and a.dtype == torch.long and torch.equal(a, b)
