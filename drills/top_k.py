"""Top-k filtering and sampling Top-k采样

Write two functions, the top-k step of an LLM decoding loop.

`top_k_filter(logits, k)` keeps the k most likely tokens of each row and removes the rest.

- `logits` is a float tensor (..., V): any number of leading dims, the vocabulary last. Each row
  is filtered on its own. `k` is an int >= 1.
- Rule (Hugging Face's TopKLogitsWarper): a token is kept iff its logit is >= the k-th largest
  logit of its row. So exactly k tokens stay, unless some tie with the k-th largest: then all of
  them stay. `k >= V` keeps every token.
- Return a new tensor (..., V) in vocabulary order: kept tokens keep their logits, the others
  become -inf (not 0: 0 is still a valid logit). Same dtype and device as `logits`. Do not
  modify `logits` in place.

`sample(logits, k, temperature=1.0, generator=None)` draws one token id per row from the top-k
distribution at a temperature, softmax(top_k_filter(logits / temperature, k)), as top_p_sample
does.

- Divide the logits by `temperature` (> 0) before filtering (call your top_k_filter) and the
  softmax: T < 1 sharpens, T > 1 flattens; dividing the probabilities after the softmax changes
  nothing once they are renormalised. Removed tokens must never be drawn.
- Returns a long tensor of shape (...) (logits (V,) gives a 0-d tensor), on logits' device.
- Draw all randomness from `generator` (e.g. torch.multinomial(..., generator=generator)): the
  same seeded generator must give the same samples, and torch's global generator is left alone.
- It is graded statistically: many draws with fixed seeds; the frequencies must match
  softmax(top_k_filter(logits / temperature, k)) (false-fail rate below 1e-6 per check).

Example:
    >>> logits = torch.tensor([1.0, -1.0, 2.0, 0.5])
    >>> top_k_filter(logits, 2)                    # the 2nd largest is 1.0: keep logits >= 1.0
    tensor([1., -inf, 2., -inf])
    >>> sample(logits, 2, generator=torch.Generator().manual_seed(0))
    tensor(2)                                      # 2 with probability 0.73, 0 with 0.27, never 1 or 3
    >>> sample(logits, 2, temperature=2.0, generator=torch.Generator().manual_seed(0))
    tensor(2)                                      # flatter: 2 with probability 0.62, 0 with 0.38
    >>> top_k_filter(torch.tensor([1.0, 3.0, 3.0, 3.0, 0.0]), 2)   # ties with the 2nd largest stay
    tensor([-inf, 3., 3., 3., -inf])
"""
import torch


def top_k_filter(logits: torch.Tensor, k: int) -> torch.Tensor:
    # TODO: the k-th largest logit of each row (torch.topk), remove the logits below it with
    # masked_fill(-inf) — a new tensor (about 3 lines)
    raise NotImplementedError


def sample(logits: torch.Tensor, k: int, temperature: float = 1.0,
           generator: torch.Generator | None = None) -> torch.Tensor:
    # TODO: top_k_filter of logits / temperature, softmax, torch.multinomial over the rows, reshape
    # (about 3 lines)
    raise NotImplementedError
