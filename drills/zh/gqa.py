"""分组查询注意力 Grouped-query attention

实现模块 `GroupedQueryAttention(d_model, n_heads, n_kv_heads)`（LLaMA-2/3、Mistral）：
`n_heads` 个 query 头共享 `n_kv_heads` 个 key/value 头，于是 KV cache 缩小到原来的
n_kv_heads / n_heads。n_kv_heads == n_heads 就是多头注意力；n_kv_heads == 1 就是多查询注意力。

参数（名字和形状必须完全一致，没有偏置；评分器会把自己的权重加载进你的模块），
其中 head_dim = d_model // n_heads：
    q_proj: nn.Linear(d_model, n_heads * head_dim, bias=False)      weight (n_heads*head_dim, d_model)
    k_proj, v_proj: nn.Linear(d_model, n_kv_heads * head_dim, bias=False)
    o_proj: nn.Linear(n_heads * head_dim, d_model, bias=False)

`forward(x, mask=None, causal=False)`：
- `x` 的形状是 (B, S, d_model)；输出形状为 (B, S, d_model)，与 x 的 dtype 和设备相同。
- 把 q 拆成 (B, n_heads, S, head_dim)，把 k、v 拆成 (B, n_kv_heads, S, head_dim)（第 h 个头拥有
  其投影的特征 h*head_dim:(h+1)*head_dim）。
- 设 g = n_heads // n_kv_heads，第 h 个 query 头使用第 h // g 个 kv 头：query 头 0..g-1 共享
  kv 头 0，头 g..2g-1 共享 kv 头 1，依此类推（即 torch 的 repeat_interleave 顺序，HF 的 repeat_kv）。
- 每个头：softmax(q kᵀ / sqrt(head_dim)) v；把各个头并排拼回 (B, S, n_heads*head_dim)，
  再过 o_proj。
- `mask` 为 None 或形状 (B, S) 的 bool padding 掩码：True = 真实 token，False = padding，作为
  key 被屏蔽。`causal=True`：token i 只关注 j <= i 的 token。一个 key 都不剩的 query 不评分，
  但不能把 NaN 扩散到别处。
- 在 batch 和注意力头上都要向量化：两者都不能写 Python 循环（有一项检查会在两种 batch 大小和
  头数下统计你的 torch 调用次数）。不要调用 F.scaled_dot_product_attention（无论是否带
  enable_gqa）或 nn.MultiheadAttention。可以用 torch.softmax、repeat_interleave 和 expand。

示例:
    >>> attn = GroupedQueryAttention(d_model=16, n_heads=4, n_kv_heads=2)   # head_dim 4, g = 2
    >>> [tuple(p.shape) for p in (attn.q_proj.weight, attn.k_proj.weight, attn.o_proj.weight)]
    [(16, 16), (8, 16), (16, 16)]
    >>> attn(torch.randn(2, 5, 16), causal=True).shape       # query heads 0, 1 -> kv head 0; 2, 3 -> kv head 1
    torch.Size([2, 5, 16])
"""
import torch
from torch import nn


class GroupedQueryAttention(nn.Module):
    def __init__(self, d_model: int, n_heads: int, n_kv_heads: int):
        # TODO: super().__init__()；head_dim；不带偏置的 q_proj、k_proj、v_proj、o_proj（约 7 行）
        raise NotImplementedError

    def forward(self, x: torch.Tensor, mask: torch.Tensor | None = None, causal: bool = False) -> torch.Tensor:
        # TODO: 投影并拆分注意力头，给每个 query 头配上它的 kv 头（h // g），缩放后的分数，
        # 掩码，softmax，对 v 加权，合并注意力头，o_proj（约 14 行）
        raise NotImplementedError
