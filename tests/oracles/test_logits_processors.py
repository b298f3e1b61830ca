"""The reference agrees with Hugging Face transformers' logits processors (RepetitionPenaltyLogitsProcessor,
MinPLogitsWarper, NoRepeatNGramLogitsProcessor, imported; the `test` extra installs transformers),
and the presence and frequency penalties with their closed form written here with Python counts."""
from collections import Counter

import pytest
import torch
from transformers.generation.logits_process import (MinPLogitsWarper, NoRepeatNGramLogitsProcessor,
                                                    RepetitionPenaltyLogitsProcessor)

from grader.specs.logits_processors import clear_min_p
from reference.logits_processors import (min_p_filter, no_repeat_ngram, presence_frequency_penalty,
                                         repetition_penalty)


def draw(seed, B, T, V, alphabet=None, scale=2.0):
    g = torch.Generator().manual_seed(seed)
    logits = torch.randn(B, V, generator=g, dtype=torch.float64) * scale
    ids = torch.randint(alphabet or V, (B, T), generator=g)
    return logits, ids


CASES = [(1, 1, 5), (2, 6, 8), (3, 12, 10), (4, 30, 50), (2, 3, 2)]


@pytest.mark.parametrize("B,T,V", CASES)
@pytest.mark.parametrize("penalty", [0.7, 1.0, 1.3, 2.5])
def test_repetition_penalty_agrees_with_hf(B, T, V, penalty):
    for seed, alphabet in [(0, None), (1, min(V, 3))]:
        logits, ids = draw(seed + T, B, T, V, alphabet)
        logits[:, 0] = 0.0                                                # exact zeros stay zero
        before = logits.clone()
        got = repetition_penalty(logits, ids, penalty)
        torch.testing.assert_close(got, RepetitionPenaltyLogitsProcessor(penalty)(ids, logits.clone()), rtol=0, atol=0)
        assert torch.equal(logits, before)


@pytest.mark.parametrize("B,T,V", CASES)
@pytest.mark.parametrize("presence,frequency", [(0.0, 0.0), (0.5, 0.0), (0.0, 0.4), (1.2, 0.3), (-0.5, 0.7)])
def test_presence_frequency_penalty_closed_form(B, T, V, presence, frequency):
    logits, ids = draw(T * 7 + V, B, T, V, alphabet=min(V, 4))
    want = logits.clone()
    for b, row in enumerate(ids.tolist()):
        for token, count in Counter(row).items():
            want[b, token] -= frequency * count + presence
    got = presence_frequency_penalty(logits, ids, presence_penalty=presence, frequency_penalty=frequency)
    torch.testing.assert_close(got, want, rtol=0, atol=1e-12)


@pytest.mark.parametrize("B,V", [(1, 1), (3, 8), (4, 50), (2, 1000)])
@pytest.mark.parametrize("min_p", [0.01, 0.1, 0.3, 0.7, 0.95])
@pytest.mark.parametrize("scale", [0.5, 2.0, 10.0])
def test_min_p_agrees_with_hf(B, V, min_p, scale):
    logits = torch.randn(B, V, generator=torch.Generator().manual_seed(V + int(10 * scale))) * scale
    min_p = clear_min_p(logits, min_p, margin=1e-4)
    ids = torch.zeros(B, 1, dtype=torch.long)
    torch.testing.assert_close(min_p_filter(logits, min_p), MinPLogitsWarper(min_p)(ids, logits.clone()), rtol=0, atol=0)


def test_min_p_large_logits():
    x = torch.tensor([[1000.0, 0.0, -1000.0, 999.0], [-500.0, 500.0, 499.0, 0.0]])
    ids = torch.zeros(2, 1, dtype=torch.long)
    torch.testing.assert_close(min_p_filter(x, 0.2), MinPLogitsWarper(0.2)(ids, x.clone()), rtol=0, atol=0)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 6])
@pytest.mark.parametrize("B,T,V", CASES + [(3, 40, 6)])
def test_no_repeat_ngram_agrees_with_hf(n, B, T, V):
    for seed, alphabet in [(0, None), (1, 2), (2, 3)]:
        logits, ids = draw(seed * 13 + n, B, T, V, alphabet=min(V, alphabet) if alphabet else None)
        want = NoRepeatNGramLogitsProcessor(n)(ids, logits.clone())
        torch.testing.assert_close(no_repeat_ngram(logits, ids, n), want, rtol=0, atol=0)
