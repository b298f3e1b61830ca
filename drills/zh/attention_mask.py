"""注意力掩码 Attention masks: padding, causal, sliding window

构造解码器每一层注意力都要用到的掩码。实现两个函数。

`attention_mask(padding_mask, q_len, causal=False, window=None)` -> (B, 1, S_q, S_k) bool，
True = 该 query 可以关注该 key。

- `padding_mask` 是 (B, S_k) 的 bool 张量，True = 真实 token，False = padding。它描述的是 key：
  被 padding 的 key 对所有 query 屏蔽。它从不屏蔽 query（被 padding 的 query 那一行由它的 key
  决定；模型之后会忽略这个输出）。
- `q_len` = S_q，1 <= S_q <= S_k。query 是 S_k 个 key 中的最后 S_q 个位置（就像接在 KV cache
  之后）：key j 位于位置 j，query i 位于位置 p = i + (S_k - S_q)。
- `causal=True`：只有 j <= p 时 query i 才能关注 key j（右下角对齐；S_q == S_k 时就是常见的
  下三角）。`causal=False`：没有这个条件。
- `window`（>= 1 的整数，只在 causal=True 时给出）：query i 关注 key j 还需满足
  j > p - window，即最多 p - window + 1 .. p 这 `window` 个位置，包括它自己。
  `window=None`：没有窗口。
- 一个 query 可能一个 key 都没有（因果下的左侧 padding）：它那一行全为 False。
- 结果形状为 (B, 1, S_q, S_k)：其中的 1 在注意力头维上广播。位于 padding_mask 所在的设备上。

`additive_mask(mask, dtype)` -> 同一个掩码的数值形式，在 softmax 之前加到分数上。

- `mask` 是任意形状的 bool 张量（True = 可以关注）；`dtype` 是浮点 dtype（float16、bfloat16、
  float32、float64）。返回与 mask 形状相同、dtype 为给定值、位于 mask 所在设备上的张量：
  mask 为 True 处为 0，为 False 处为 torch.finfo(dtype).min（最小的有限负数）。
- 不要用 -inf：所有 key 都被屏蔽的行做 softmax 会得到 NaN（exp(-inf - (-inf))），而 NaN 会
  扩散。用 finfo.min 时，这样的行 softmax 后是无害的均匀分布。也不要用 -1e9：float16 表示不了它
  （会变成 -inf）。

不要对 batch、query 或 key 写 Python 循环（有一项检查会在两种规模下统计你的 torch 调用次数）：
用 torch.arange 构造 (S_q, S_k) 的条件，再广播。

示例:
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
    # TODO: 用 arange 得到 query 和 key 的位置，把因果和窗口条件写成 (S_q, S_k) 的 bool，
    # 再与 key 的 padding 做 AND，广播成 (B, 1, S_q, S_k)（约 8 行）
    raise NotImplementedError


def additive_mask(mask: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    # TODO: 与 mask 同形状、dtype 为 dtype 的全零张量，mask 为 False 处填 torch.finfo(dtype).min（约 1 行）
    raise NotImplementedError
