"""Attention masks: padding, causal, sliding window 注意力掩码

Build the mask every attention layer of a decoder is given. Write two functions.

`attention_mask(padding_mask, q_len, causal=False, window=None)` -> (B, 1, S_q, S_k) bool,
True = this query may attend this key.

- `padding_mask` is (B, S_k) bool, True = a real token, False = padding. It describes the KEYS:
  a padded key is hidden from every query. Queries are never hidden by it (a padded query's row
  is whatever its keys allow; the model ignores that output later).
- `q_len` = S_q, 1 <= S_q <= S_k. The queries are the LAST S_q positions of the S_k keys (as
  after a KV cache): key j sits at position j, query i at position p = i + (S_k - S_q).
- `causal=True`: query i may attend key j only if j <= p (bottom-right aligned; with
  S_q == S_k the usual lower triangle). `causal=False`: no such condition.
- `window` (an int >= 1, only given with causal=True): query i may attend key j only if also
  j > p - window, i.e. at most the `window` positions p - window + 1 .. p, itself included.
  `window=None`: no window.
- A query may be left with no key at all (left padding under causal): its row is all False.
- The result is (B, 1, S_q, S_k): the 1 broadcasts over the heads. On padding_mask's device.

`additive_mask(mask, dtype)` -> the same mask as numbers to add to the scores before the softmax.

- `mask` is a bool tensor of any shape (True = may attend); `dtype` a floating dtype (float16,
  bfloat16, float32, float64). Return a tensor of mask's shape, of that dtype, on mask's device:
  0 where mask is True and torch.finfo(dtype).min (the most negative finite value) where False.
- Not -inf: a row whose keys are all hidden would softmax to NaN (exp(-inf - (-inf))), and a NaN
  spreads. With finfo.min that row softmaxes to a harmless uniform row. Not -1e9 either: it is not
  a float16 number (it becomes -inf).

No Python loop over the batch, the queries or the keys (a check counts your torch calls at two
sizes): build the (S_q, S_k) conditions from torch.arange and broadcast.

Example:
    >>> padding_mask = torch.tensor([[False, True, True, True, True]])   # one left-padded sequence
    >>> attention_mask(padding_mask, 3, causal=True)        # 3 queries at positions 2, 3, 4
    tensor([[[[False,  True,  True, False, False],
              [False,  True,  True,  True, False],
              [False,  True,  True,  True,  True]]]])
    >>> m = attention_mask(padding_mask, 3, causal=True, window=2)
    >>> m
    tensor([[[[False,  True,  True, False, False],
              [False, False,  True,  True, False],
              [False, False, False,  True,  True]]]])
    >>> additive_mask(m, torch.float16)
    tensor([[[[-65504.,      0.,      0., -65504., -65504.],
              [-65504., -65504.,      0.,      0., -65504.],
              [-65504., -65504., -65504.,      0.,      0.]]]],
           dtype=torch.float16)
"""
import torch


def attention_mask(padding_mask: torch.Tensor, q_len: int, causal: bool = False,
                   window: int | None = None) -> torch.Tensor:
    # TODO: positions of the queries and keys (arange), the causal and window conditions as an
    # (S_q, S_k) bool, then AND with the padding of the keys, broadcast to (B, 1, S_q, S_k) (about 8 lines)
    raise NotImplementedError


def additive_mask(mask: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    # TODO: zeros of mask's shape in dtype, torch.finfo(dtype).min where mask is False (about 1 line)
    raise NotImplementedError
