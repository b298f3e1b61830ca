"""多查询注意力 Multi-query attention

实现模块 `MultiQueryAttention(d_model, n_heads)`（Shazeer 2019、PaLM、Falcon）：`n_heads` 个
query 头全部共享同一个 key 头和同一个 value 头，于是 KV cache 只存一个头而不是 n_heads 个——
这是分组查询注意力的极端情形（n_kv_heads = 1）。

参数（名字和形状必须完全一致，没有偏置；评分器会把自己的权重加载进你的模块），
其中 head_dim = d_model // n_heads：
    q_proj: nn.Linear(d_model, d_model, bias=False)          weight (d_model, d_model)
    k_proj, v_proj: nn.Linear(d_model, head_dim, bias=False)  weight (head_dim, d_model)
    o_proj: nn.Linear(d_model, d_model, bias=False)          weight (d_model, d_model)

`forward(x, mask=None, causal=False)`：
- `x` 的形状是 (B, S, d_model)；输出形状为 (B, S, d_model)，与 x 的 dtype 和设备相同。
- 把 q 拆成 (B, n_heads, S, head_dim)（第 h 个头拥有特征 h*head_dim:(h+1)*head_dim）；
  k 和 v 的形状是 (B, S, head_dim)：只有一个头，所有 query 头共用。
- 每个头：softmax(q_h kᵀ / sqrt(head_dim)) v；把各个头并排拼回 (B, S, d_model)，再过
  o_proj。
- `mask` 为 None 或形状 (B, S) 的 bool padding 掩码：True = 真实 token，False = padding，作为
  key 被屏蔽。`causal=True`：token i 只关注 j <= i 的 token。一个 key 都不剩的 query 不评分，
  但不能把 NaN 扩散到别处。
- 在 batch 和注意力头上都要向量化：两者都不能写 Python 循环（有一项检查会在两种 batch 大小和
  头数下统计你的 torch 调用次数）。不要调用 F.scaled_dot_product_attention（无论是否带
  enable_gqa）或 nn.MultiheadAttention。可以用 torch.softmax、expand 和广播。

示例:
    >>> attn = MultiQueryAttention(d_model=16, n_heads=4)      # head_dim 4
    >>> [tuple(p.shape) for p in (attn.q_proj.weight, attn.k_proj.weight, attn.o_proj.weight)]
    [(16, 16), (4, 16), (16, 16)]
    >>> attn(torch.randn(2, 5, 16), causal=True).shape         # all 4 query heads read the same k, v
    torch.Size([2, 5, 16])
"""
import torch
from torch import nn


class MultiQueryAttention(nn.Module):
    def __init__(self, d_model: int, n_heads: int):
        # TODO: super().__init__()；head_dim；不带偏置的 q_proj、k_proj、v_proj、o_proj（约 7 行）
        raise NotImplementedError

    def forward(self, x: torch.Tensor, mask: torch.Tensor | None = None, causal: bool = False) -> torch.Tensor:
        # TODO: 投影，把 q 拆成多个头，所有头共用一个 k 头和一个 v 头，缩放后的分数，
        # 掩码，softmax，对 v 加权，合并注意力头，o_proj（约 12 行）
        raise NotImplementedError
