"""InfoNCE / CLIP contrastive loss InfoNCE对比损失

Write `infonce_loss(a, b, temperature=0.07)`: the symmetric contrastive loss of CLIP (Radford et
al. 2021) — InfoNCE (van den Oord et al. 2018) taken in both directions. Row i of `a` and row i of
`b` are two views of one item (an image and its caption, two augmentations of one picture); every
other row of the batch is a negative:

    â_i = a_i / ‖a_i‖,  b̂_i = b_i / ‖b_i‖          each ROW normalised to unit L2 norm
    logits = â b̂ᵀ / temperature                    (N, N) cosine similarities divided by τ
    loss = ( CE(logits, labels) + CE(logitsᵀ, labels) ) / 2,     labels = [0, 1, ..., N - 1]

CE is the cross-entropy averaged over the N rows. The first term asks each a_i to pick b_i among
all the b's; the second asks each b_i to pick a_i among all the a's: both directions, averaged.

- `a`, `b`: float tensors (N, D), N >= 1, no row all zero. `temperature`: a float > 0; the
  similarities are DIVIDED by it (a small τ sharpens the softmax).
- Return a 0-dim tensor with the inputs' dtype and device. Gradients flow into both `a` and `b`
  (graded). Stable for τ = 0.01 (logits up to 100): subtract the max, or use F.cross_entropy /
  log_softmax, which do. F.normalize and F.cross_entropy may be used.
- Nothing is modified in place; no Python loop over the rows.

Example:
    >>> a = torch.tensor([[1.0, 0.0], [0.0, 2.0], [1.0, 1.0]])
    >>> b = torch.tensor([[2.0, 1.0], [0.0, 1.0], [-1.0, 1.0]])
    >>> infonce_loss(a, b, temperature=0.5)       # a -> b: 1.0969, b -> a: 1.0433
    tensor(1.0701)
"""
import torch


def infonce_loss(a: torch.Tensor, b: torch.Tensor, temperature: float = 0.07) -> torch.Tensor:
    # TODO: normalise the rows, the (N, N) logits, cross-entropy against the diagonal in both
    # directions, averaged (about 5 lines)
    raise NotImplementedError
