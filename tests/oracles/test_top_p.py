"""The reference agrees with Hugging Face transformers' TopPLogitsWarper (imported from
transformers.generation.logits_process; the `test` extra installs it), and top_p_sample draws from
HF's temperature-then-top-p pipeline."""
import pytest
import torch
from transformers.generation.logits_process import TopPLogitsWarper

from grader.specs.top_p import clear_of_boundaries
from grader.engine.stats import binomial_tail
from reference.top_p import top_p_filter, top_p_sample


def hf_filter(logits, p):
    """Hugging Face's TopPLogitsWarper (default filter value -inf, min_tokens_to_keep 1), which takes
    (batch, vocab) scores, over logits of any shape."""
    return TopPLogitsWarper(p)(None, logits.reshape(-1, logits.shape[-1])).reshape(logits.shape)


@pytest.mark.parametrize("shape", [(7,), (4, 10), (2, 3, 16), (64, 32), (1, 1), (3, 1000)])
@pytest.mark.parametrize("scale", [0.3, 1.0, 5.0, 50.0])
@pytest.mark.parametrize("p", [0.05, 0.5, 0.9, 0.99])
def test_filter_agrees_with_hf_top_p(shape, scale, p):
    logits = torch.randn(shape, generator=torch.Generator().manual_seed(len(shape) + int(scale))) * scale
    p = clear_of_boundaries(logits, p, margin=1e-4)
    before = logits.clone()
    torch.testing.assert_close(top_p_filter(logits, p), hf_filter(logits, p), rtol=0, atol=0)
    assert torch.equal(logits, before)


def test_filter_edges():
    x = torch.tensor([[1000.0, 0.0, -1000.0, 999.0], [-500.0, 500.0, 499.0, 0.0]])
    torch.testing.assert_close(top_p_filter(x, 0.2), hf_filter(x, 0.2), rtol=0, atol=0)
    x = torch.randn(5, 9)
    assert torch.equal(top_p_filter(x, 1.0), x)                           # p = 1 keeps everything
    assert (torch.isfinite(top_p_filter(x, 1e-6)).sum(-1) == 1).all()     # tiny p: only the top token


@pytest.mark.parametrize("temperature", [0.5, 1.0, 2.0])
def test_sample_draws_from_hf_temperature_then_top_p(temperature):
    logits = torch.randn(4, 8, generator=torch.Generator().manual_seed(3)) * 2
    p = clear_of_boundaries(logits / temperature, 0.8, margin=1e-3)
    n = 4000
    ids = top_p_sample(logits.expand(n, 4, 8), p, temperature, torch.Generator().manual_seed(0))
    assert ids.shape == (n, 4) and ids.dtype == torch.long
    expected = torch.softmax(hf_filter(logits / temperature, p).double(), -1)     # HF: temperature, then top-p
    counts = torch.stack([torch.bincount(ids[:, r], minlength=8) for r in range(4)])
    assert (counts[expected == 0] == 0).all()
    tested = [(r, t) for r in range(4) for t in range(8) if 0 < expected[r, t] < 1]
    for r, t in tested:                                                   # union bound: false fail <= 1e-6
        assert binomial_tail(int(counts[r, t]), n, expected[r, t].item()) >= 1e-6 / (2 * len(tested))


def test_sample_is_reproducible_and_shaped():
    x = torch.randn(6)
    a = top_p_sample(x, 0.9, generator=torch.Generator().manual_seed(5))
    b = top_p_sample(x, 0.9, generator=torch.Generator().manual_seed(5))
    assert a.shape == () and a.dtype == torch.long and torch.equal(a, b)
