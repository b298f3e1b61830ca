"""The reference against what speculative sampling promises, judged with scipy's exact tests:

- decoding with it end to end (a bigram draft model proposes K tokens, a bigram target model scores
  them, steps repeat until L tokens are out) gives sequences distributed exactly as sampling the
  target model alone: the frequencies of all V**L sequences against the target's closed form;
- the expected number of tokens a step emits is (1 - a**(K + 1)) / (1 - a) when every position
  accepts with rate a = sum(min(p, q)) (Leviathan et al., 2023);
- single calls: drafts with p >= q are always accepted, p = q accepts everything, a target with no
  mass on the drafts rejects at once and draws from p."""
import math

import pytest
import torch
from scipy import stats

from reference.speculative_decoding import speculative_step

ALPHA = 1e-6


def bigram(seed, V, scale):
    g = torch.Generator().manual_seed(seed)
    return (torch.randn(V + 1, V, generator=g, dtype=torch.float64) * scale).softmax(-1)   # row V: the start


def decode(draft, target, K, L, N, seed):
    """N sequences of L tokens by speculative steps, every row on its own."""
    g = torch.Generator().manual_seed(seed)
    V = draft.shape[1]
    seq = torch.full((N, L + K + 1), -1, dtype=torch.long)
    length = torch.zeros(N, dtype=torch.long)
    rows = torch.arange(N)
    while bool((length < L).any()):
        at = (length - 1).clamp(0, seq.shape[1] - 1)      # rows already done keep stepping, unread
        last = torch.where(length > 0, seq[rows, at], V)    # V: no token yet
        drafts, q, ctx = [], [], last
        for _ in range(K):                                  # the draft model, autoregressively
            dist = draft[ctx]
            x = torch.multinomial(dist, 1, generator=g).squeeze(1)
            drafts.append(x), q.append(dist)
            ctx = x
        drafts, q = torch.stack(drafts, 1), torch.stack(q, 1)
        contexts = torch.cat([last[:, None], drafts], 1)   # the target scores every prefix at once
        p = target[contexts]
        tokens, n = speculative_step(drafts, q, p, generator=g)
        for j in range(K + 1):                              # append the n + 1 emitted tokens
            put = (j <= n) & (length + j < seq.shape[1])
            seq[rows[put], (length + j)[put]] = tokens[put, j]
        length = length + n + 1
    return seq[:, :L]


def sequence_probs(target, L):
    V = target.shape[1]
    probs = torch.ones([V] * L, dtype=torch.float64)
    for idx in torch.cartesian_prod(*[torch.arange(V)] * L).reshape(-1, L).tolist():
        prob, ctx = 1.0, V
        for t in idx:
            prob *= target[ctx, t].item()
            ctx = t
        probs[tuple(idx)] = prob
    return probs.reshape(-1)


@pytest.mark.parametrize("V,K,L,scale,seed", [(3, 2, 3, 1.0, 0), (4, 3, 2, 2.0, 1), (2, 4, 4, 1.5, 2),
                                              (3, 1, 3, 0.5, 3)])
def test_decoding_gives_the_target_models_sequences(V, K, L, scale, seed):
    draft, target = bigram(seed, V, scale), bigram(seed + 100, V, scale)
    N = 20000
    seq = decode(draft, target, K, L, N, seed)
    codes = (seq * V ** torch.arange(L - 1, -1, -1)).sum(1)
    counts = torch.bincount(codes, minlength=V ** L).double()
    expected = sequence_probs(target, L) * N
    assert stats.chisquare(counts.numpy(), expected.numpy()).pvalue > ALPHA


def test_decoding_with_the_target_as_draft_accepts_everything():
    target = bigram(5, 3, 1.0)
    g = torch.Generator().manual_seed(0)
    q = target[torch.tensor([3, 0, 1])].expand(100, 3, 3)
    p = torch.cat([q, target[2:3].expand(100, 1, 3)], 1)
    drafts = torch.multinomial(q.reshape(-1, 3), 1, generator=g).reshape(100, 3)
    tokens, n = speculative_step(drafts, q.float(), p.float(), generator=g)
    assert (n == 3).all() and torch.equal(tokens[:, :3], drafts)


@pytest.mark.parametrize("K", [1, 2, 4])
@pytest.mark.parametrize("seed", [0, 1])
def test_expected_tokens_per_step_is_the_papers_closed_form(K, seed):
    g = torch.Generator().manual_seed(seed)
    V, N = 5, 40000
    q, p = torch.randn(2, V, generator=g).softmax(-1)
    a = torch.minimum(p, q).sum().item()
    drafts = torch.multinomial(q, N * K, replacement=True, generator=g).reshape(N, K)
    _, n = speculative_step(drafts, q.expand(N, K, V), p.expand(N, K + 1, V), generator=g)
    emitted = (n + 1).double()
    want = (1 - a ** (K + 1)) / (1 - a)
    sd = emitted.std().item()
    assert abs(emitted.mean().item() - want) < 6 * sd / math.sqrt(N)
    # and each count of accepted drafts with its exact binomial tail
    for m in range(K + 1):
        prob = a ** m * (1 - a) if m < K else a ** K
        assert stats.binomtest(int((n == m).sum()), N, prob).pvalue > ALPHA / (K + 1)


def test_drafts_the_target_likes_at_least_as_much_are_always_accepted():
    q = torch.tensor([[[0.5, 0.3, 0.2], [0.2, 0.2, 0.6]]]).expand(500, 2, 3)
    p = torch.tensor([[[0.6, 0.2, 0.2], [0.1, 0.3, 0.6], [0.3, 0.3, 0.4]]]).expand(500, 3, 3)
    tokens, n = speculative_step(torch.tensor([[0, 2]]).expand(500, 2), q, p, generator=torch.Generator().manual_seed(1))
    assert (n == 2).all() and (tokens[:, :2] == torch.tensor([0, 2])).all()


def test_a_target_with_no_mass_on_the_drafts_draws_from_p():
    g = torch.Generator().manual_seed(2)
    N = 20000
    q = torch.tensor([0.7, 0.3, 0.0, 0.0]).expand(N, 1, 4)
    p = torch.tensor([[0.0, 0.0, 0.25, 0.75], [0.5, 0.5, 0.0, 0.0]]).expand(N, 2, 4)
    drafts = torch.multinomial(q[0], N, replacement=True, generator=g).reshape(N, 1)
    tokens, n = speculative_step(drafts, q, p, generator=g)
    assert (n == 0).all() and (tokens[:, 1] == -1).all()
    assert stats.binomtest(int((tokens[:, 0] == 3).sum()), N, 0.75).pvalue > ALPHA
