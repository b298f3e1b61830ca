"""Triplet loss with batch-hard mining, and the contrastive loss 三元组损失

Write two metric-learning losses on embeddings, with plain Euclidean distances
d(u, v) = ‖u − v‖₂ (NOT squared, except where a formula squares it).

`batch_hard_triplet_loss(embeddings, labels, margin=1.0)` — the batch-hard triplet loss of
Hermans et al. 2017 ("In Defense of the Triplet Loss"): every row of the batch is an anchor.
- `embeddings`: float `(N, D)`, N >= 1; `labels`: int64 `(N,)`, any values (equal value =
  same class). `margin`: a float >= 0.
- For anchor i: its positives are the OTHER rows of its class (j != i: an anchor is never its
  own positive); its negatives are the rows of every other class.
      hardest positive  d⁺_i = max over positives j of d(x_i, x_j)     (the farthest one)
      hardest negative  d⁻_i = min over negatives k of d(x_i, x_k)     (the nearest one)
      loss_i = max(0, d⁺_i − d⁻_i + margin)
  which is exactly F.triplet_margin_loss(x_i, x_j, x_k, margin) on the mined triplet.
- An anchor with no positive (the only row of its class) or no negative (one class in the
  batch) has no triplet: it is left out. Return the mean of loss_i over the anchors that have
  one; 0 when none has (still a 0-dim tensor in the embeddings' autograd graph, as a sum over
  no anchors is: its gradient is 0).

`contrastive_loss(x1, x2, same, margin=1.0)` — the Siamese loss of Hadsell et al. 2006 on pairs:
- `x1`, `x2`: float `(N, D)`, N >= 1, row i of each forming pair i; `same`: bool `(N,)`, True
  when pair i is of one class (pull it together), False when not (push it apart). `margin` > 0.
      d_i = ‖x1_i − x2_i‖,   loss_i = d_i²  if same_i,   max(0, margin − d_i)²  if not
  Return the mean of loss_i over the N pairs (no factor 1/2).

Both return a 0-dim tensor with the embeddings' dtype and device; gradients flow into the
embeddings (graded, and they must be finite: a row's distance to itself is 0, where sqrt has an
infinite slope — (a − b).norm(dim=-1) and torch.cdist have gradient 0 there; a sqrt of squared
distances needs a clamp). No Python loop over the rows; the inputs are not modified.
F.relu, torch.cdist and Tensor.norm may be used; F.triplet_margin_loss and the other built-in
metric losses may not.

Example:
    >>> x = torch.tensor([[0.0, 0.0], [1.0, 0.0], [0.0, 2.0], [4.0, 1.0], [2.0, 4.0]])
    >>> batch_hard_triplet_loss(x, torch.tensor([0, 0, 1, 1, 2]), margin=2.0)
    tensor(2.2120)
    # anchor 0: d⁺ = d(x0, x1) = 1, d⁻ = d(x0, x2) = 2        -> 1 - 2 + 2 = 1
    # anchor 1: d⁺ = 1, d⁻ = d(x1, x2) = √5                   -> 0.7639
    # anchor 2: d⁺ = d(x2, x3) = √17, d⁻ = d(x2, x0) = 2      -> 4.1231
    # anchor 3: d⁺ = √17, d⁻ = d(x3, x1) = √10                -> 2.9608
    # anchor 4 is alone in class 2: no positive, left out; mean of the four = 2.2120
    >>> a = torch.tensor([[0.0, 0.0], [1.0, 1.0], [2.0, 0.0]])
    >>> b = torch.tensor([[3.0, 4.0], [1.0, 1.5], [2.0, 1.5]])
    >>> contrastive_loss(a, b, torch.tensor([True, False, False]), margin=1.0)
    tensor(8.4167)
    # d = [5, 0.5, 1.5]: (5² + (1 - 0.5)² + 0) / 3
"""
import torch


def batch_hard_triplet_loss(embeddings: torch.Tensor, labels: torch.Tensor, margin: float = 1.0) -> torch.Tensor:
    # TODO: the (N, N) distances, masks of positives (same label, not the anchor) and negatives,
    # hardest of each per row, hinge, mean over the anchors that have both (about 10 lines)
    raise NotImplementedError


def contrastive_loss(x1: torch.Tensor, x2: torch.Tensor, same: torch.Tensor, margin: float = 1.0) -> torch.Tensor:
    # TODO: the pair distances, d² for same pairs, the squared hinge for the others, mean (about 3 lines)
    raise NotImplementedError
