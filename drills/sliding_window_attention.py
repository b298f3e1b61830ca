"""Sliding-window attention 滑动窗口注意力

Write `sliding_window_attention(q, k, v, window)`: causal attention in which every query sees only
the `window` most recent keys, itself included — Mistral's sliding window. Information from further
back still flows, layer after layer, but no single layer looks past the window.

- `q` is (B, H, S_q, D), `k` and `v` are (B, H, S_k, D); return (B, H, S_q, D) with q's dtype and
  device. Scores are scaled by 1/sqrt(D).
- Positions are aligned bottom-right, as when the queries follow a KV cache: key j sits at position
  j, query i at position p = i + (S_k - S_q). Query i may attend key j iff

      p - window < j <= p

  that is the `window` keys p-window+1 .. p (fewer near the start). With S_q == S_k: keys
  i-window+1 .. i. `window` >= 1; with window >= S_k this is plain causal attention.
- When S_q > S_k, the first S_q - S_k queries see no key: their rows are not graded, but they
  must not spread NaN into other rows.
- Work on everything at once: no Python loop over the batch, the heads or the queries (a check
  counts your torch calls at two sizes). Float16 and bfloat16 inputs are graded too.
- Do not call F.scaled_dot_product_attention or nn.MultiheadAttention: the drill is to write it.
  torch.softmax is allowed.

Example (one head, D = 1, queries all 1, keys [0, 1, 2, 3], values [10, 20, 30, 40]):
    allowed keys with window=2        output
        query 0: key 0                10.0000
        query 1: keys 0, 1            17.3106    (softmax([0, 1]) @ [10, 20])
        query 2: keys 1, 2            27.3106
        query 3: keys 2, 3            37.3106
    >>> sliding_window_attention(q, k, v, window=2).flatten()
    tensor([10.0000, 17.3106, 27.3106, 37.3106])
    >>> sliding_window_attention(q[:, :, 2:], k, v, window=2).flatten()   # 2 queries at positions 2, 3
    tensor([27.3106, 37.3106])
"""
import torch


def sliding_window_attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, window: int) -> torch.Tensor:
    # TODO: scaled scores; keep key j iff pos - window < j <= pos with pos = i + S_k - S_q;
    #       masked softmax over the keys; weights @ v (about 7 lines)
    raise NotImplementedError
