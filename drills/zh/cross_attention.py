"""交叉注意力 Cross-attention

实现模块 `CrossAttention(d_model, n_heads)`：Transformer 解码器中的编码器-解码器注意力（Whisper、
T5、以图像为条件的模型里也有）。解码器的 token 负责提问（query）；编码器的输出负责提供答案
（key 和 value）。

参数（名字和形状必须完全一致；评分器会把自己的权重加载进你的模块）：
    q_proj, k_proj, v_proj, o_proj: nn.Linear(d_model, d_model) with bias.

`forward(x, memory, memory_mask=None)`：
- `x` 是解码器一侧，形状 (B, S_q, d_model)；`memory` 是编码器的输出，形状 (B, S_k, d_model)。
  S_q 和 S_k 相互独立（一般 S_q != S_k）。返回 (B, S_q, d_model)，与 x 的 dtype 和设备相同。
- q = q_proj(x)；k = k_proj(memory)；v = v_proj(memory)。把 d_model 拆成 `n_heads` 个头，每个头
  `head_dim = d_model // n_heads` 维：每个头的张量形状为 (B, n_heads, S, head_dim)。每个头：
  softmax(q kᵀ / sqrt(head_dim)) v，分数的形状为 (B, n_heads, S_q, S_k)。把各个头并排拼回
  (B, S_q, d_model)，再过 o_proj。
- `memory_mask` 为 None 或形状 (B, S_k) 的 bool padding 掩码，标的是编码器的 token：True = 真实
  token，False = padding。padding token 作为 key 被屏蔽（任何 query 都不能关注它们）。
- 没有因果掩码：解码器的每个 query 都可以关注编码器的每个真实 token（解码器自身的因果性在它的
  自注意力里处理，不在这里）。
- 编码器 token 全是 padding 的 batch 元素不评分，但不能把 NaN 扩散到其他 batch 元素。
- 在 batch 和注意力头上向量化（有一项检查会在两种规模下统计你的 torch 调用次数）。不要调用
  F.scaled_dot_product_attention 或 nn.MultiheadAttention；可以用 torch.softmax 和 nn.Linear。

示例:
    >>> attn = CrossAttention(d_model=8, n_heads=2)            # head_dim = 4
    >>> x = torch.randn(2, 3, 8)                               # 3 decoder tokens
    >>> memory = torch.randn(2, 5, 8)                          # 5 encoder tokens
    >>> memory_mask = torch.tensor([[True] * 5,
    ...                             [True, True, False, False, False]])   # sequence 1: 2 real tokens
    >>> attn(x, memory, memory_mask).shape                     # scores are (2, 2, 3, 5)
    torch.Size([2, 3, 8])
    (the 3 queries of sequence 1 attend only its encoder tokens 0 and 1)
"""
import torch
from torch import nn


class CrossAttention(nn.Module):
    def __init__(self, d_model: int, n_heads: int):
        # TODO: super().__init__()；head_dim；q_proj、k_proj、v_proj、o_proj（约 6 行）
        raise NotImplementedError

    def forward(self, x: torch.Tensor, memory: torch.Tensor, memory_mask: torch.Tensor | None = None) -> torch.Tensor:
        # TODO: q 来自 x，k 和 v 来自 memory，拆分注意力头，缩放后的分数 (B, H, S_q, S_k)，
        #       屏蔽 padding 的 key，在 key 维上做 softmax，对 v 加权，合并头，o_proj（约 11 行）
        raise NotImplementedError
