"""Dropout 随机失活

Write `dropout(x, p, training=True, generator=None)`: inverted dropout, as in F.dropout. In
training, every element of `x` is dropped (set to 0) with probability `p`, independently of the
others, and every survivor is scaled by `1 / (1 - p)`, so that the expected output equals `x` and
nothing needs rescaling at inference time.

- `x` is a float tensor of any shape; the output has x's shape, dtype and device. `p` is a float
  in [0, 1]: the probability of DROPPING an element (keep probability `1 - p`).
- `training=False` or `p == 0`: return `x` unchanged (the identity). `p == 1`: every element is
  dropped, so return all zeros (careful: `x * 0 / (1 - p)` is 0/0 = NaN).
- Draw all randomness from `generator` (e.g. `torch.rand(x.shape, generator=generator,
  device=x.device)` or `torch.empty_like(x).bernoulli_(1 - p, generator=generator)`): the same
  seeded generator must give the same mask. `generator=None` means torch's global RNG.
- Do not modify `x` in place. Gradients flow to `x`: 1/(1-p) through survivors, 0 through
  dropped elements.
- Do not call F.dropout or nn.Dropout: the drill is to write it.
- Graded by frequencies over many draws (fixed seeds, false-fail rate below 1e-6 per check):
  each element is kept with probability 1 - p, independently of the others, and the mask comes
  from `generator` alone (torch's global RNG is left alone when a generator is given). On every
  call survivors are exactly x / (1 - p) and dropped elements exactly 0.

Example (p = 0.5: survivors doubled; which ones survive depends on the generator):
    >>> x = torch.tensor([1.0, 2.0, 3.0, 4.0])
    >>> dropout(x, 0.5, generator=torch.Generator().manual_seed(3))
    tensor([2., 4., 0., 8.])                # one possible mask: [1, 1, 0, 1]
    >>> dropout(x, 0.5, training=False)
    tensor([1., 2., 3., 4.])
"""
import torch


def dropout(x: torch.Tensor, p: float, training: bool = True,
            generator: torch.Generator | None = None) -> torch.Tensor:
    # TODO: identity when not training or p == 0, zeros when p == 1; else a keep-mask with
    # probability 1 - p from `generator`, then x * mask / (1 - p) (about 6 lines)
    raise NotImplementedError
