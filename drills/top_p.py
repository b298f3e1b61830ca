"""Nucleus (top-p) sampling 核采样

Write two functions.

`top_p_filter(logits, p)` keeps the nucleus: the smallest set of most likely tokens whose
probability reaches `p`. Everything else becomes -inf.

- `logits` is a float tensor (..., V): any number of leading dims, the vocabulary last. Each row
  is filtered on its own. `p` is a float in (0, 1].
- Rule: turn the row into probabilities (softmax), sort them in descending order, and keep a
  token iff the probability mass strictly BEFORE it (the sum over more likely tokens) is < p.
  So the top token is always kept, and so is the token whose probability carries the running
  total across p.
- Return a new tensor (..., V) in vocabulary order (not sorted order): kept tokens keep their
  logits, the others are -inf. Same dtype and device as `logits`. Do not modify `logits` in
  place. Large logits (|x| ~ 1000) must work: compute the softmax stably.

`top_p_sample(logits, p, temperature=1.0, generator=None)` draws one token id per row.

- Divide the logits by `temperature` FIRST, then filter with top_p_filter, then sample from
  the softmax of what is left.
- Returns a long tensor of shape (...) (logits (V,) gives a 0-d tensor), on logits' device.
- Draw all randomness from `generator` (e.g. torch.multinomial(..., generator=generator)): the
  same seeded generator must give the same samples.
- It is graded statistically: many draws; tokens outside the nucleus must never appear, and the
  frequencies of the others must match the filtered distribution.

Example:
    >>> logits = torch.tensor([1.0, -1.0, 2.0, 0.5])   # probs 0.224, 0.030, 0.610, 0.136
    >>> top_p_filter(logits, p=0.8)    # sorted: 0.610 (before 0), 0.224 (before 0.610), 0.136 (before 0.834)
    tensor([1., -inf, 2., -inf])
    >>> top_p_sample(logits, p=0.8, generator=torch.Generator().manual_seed(0))
    tensor(2)                          # 2 with probability 0.73, 0 with 0.27, never 1 or 3
"""
import torch


def top_p_filter(logits: torch.Tensor, p: float) -> torch.Tensor:
    # TODO: sort descending, softmax, mass before each token, remove where >= p, map back to
    # vocabulary order, fill -inf (about 6 lines)
    raise NotImplementedError


def top_p_sample(logits: torch.Tensor, p: float, temperature: float = 1.0,
                 generator: torch.Generator | None = None) -> torch.Tensor:
    # TODO: divide by temperature, filter, softmax, torch.multinomial over the rows (about 4 lines)
    raise NotImplementedError
