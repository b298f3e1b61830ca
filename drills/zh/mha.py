"""多头注意力 Multi-head attention

实现模块 `MultiHeadAttention(d_model, n_heads, dropout=0.0)`：有 `n_heads` 个注意力头的自注意力，
每个头在自己那一段 `head_dim = d_model // n_heads` 维上计算注意力。

参数（名字和形状必须完全一致；评分器会把自己的权重加载进你的模块）：
    q_proj, k_proj, v_proj, o_proj: nn.Linear(d_model, d_model) with bias
    (weights (d_model, d_model), biases (d_model,)); dropout adds no parameters.

`forward(x, mask=None, causal=False)`：
- `x` 的形状是 (B, S, d_model)；输出形状为 (B, S, d_model)，与 x 的 dtype 和设备相同。
- q, k, v = q_proj(x), k_proj(x), v_proj(x)。第 h 个头使用特征 h*head_dim:(h+1)*head_dim：
  把最后一维拆成 (n_heads, head_dim)，于是每个头的张量形状为 (B, n_heads, S, head_dim)。
- 每个头：softmax(q kᵀ / sqrt(head_dim)) v——按头的维度缩放，而不是 d_model。
  然后把各个头并排拼回 (B, S, d_model)，再过 o_proj。
- `mask` 为 None 或形状 (B, S) 的 bool padding 掩码：True = 真实 token，False = padding。
  padding token 作为 key 被屏蔽（任何 query 都不能关注它们）；作为 query 它们仍有输出。
- `causal=True`：token i 只关注 j <= i 的 token。两者同时给出时，key 必须同时通过两者。
- 一个 key 都不剩的 query 不评分，但不能把 NaN 扩散到别处。
- `dropout`：在 train() 模式下，dropout（inverted，与 nn.Dropout 相同）作用在注意力权重上，
  在 softmax 之后、乘 v 之前；eval() 模式下没有 dropout。两种模式都要评分（train() 模式下用
  指定的权重，所以随机掩码本身无关紧要）。
- 在 batch 和注意力头上都要向量化：两者都不能写 Python 循环（有一项检查会在两种 batch 大小和
  头数下统计你的 torch 调用次数）。不要调用 F.scaled_dot_product_attention 或
  nn.MultiheadAttention：这道题就是要你手写它。可以用 torch.softmax 和 nn.Linear。

示例:
    >>> mha = MultiHeadAttention(d_model=8, n_heads=2)        # head_dim = 4
    >>> x = torch.randn(2, 5, 8)                              # (B, S, d_model)
    >>> mask = torch.tensor([[True] * 5,
    ...                      [True, True, True, False, False]])   # sequence 1: 3 real tokens
    >>> mha(x, mask=mask, causal=True).shape                  # token 4 of sequence 1 attends 0..2
    torch.Size([2, 5, 8])
    (with n_heads=1 this is single-head attention between the four projections)
"""
import torch
from torch import nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model: int, n_heads: int, dropout: float = 0.0):
        # TODO: super().__init__()；head_dim；q_proj、k_proj、v_proj、o_proj；dropout（约 7 行）
        raise NotImplementedError

    def forward(self, x: torch.Tensor, mask: torch.Tensor | None = None, causal: bool = False) -> torch.Tensor:
        # TODO: 投影，拆分注意力头，缩放后的分数，掩码，softmax，对 v 加权，合并注意力头，
        # o_proj（约 12 行）
        raise NotImplementedError
