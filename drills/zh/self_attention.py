"""自注意力 Single-head self-attention

实现模块 `SelfAttention(d_model, dropout=0.0)`：序列中的每个 token 通过一个宽度为 d_model 的
注意力头，关注同一序列中的每个（真实）token。

参数（名字和形状必须完全一致；评分器会把自己的权重加载进你的模块）：
    q_proj, k_proj, v_proj, o_proj: nn.Linear(d_model, d_model) with bias
    (weights (d_model, d_model), biases (d_model,)); dropout adds no parameters.

`forward(x, mask=None)`：
- `x` 的形状是 (B, S, d_model)；输出形状为 (B, S, d_model)，与 x 的 dtype 和设备相同。
- q, k, v = q_proj(x), k_proj(x), v_proj(x)；weights = 在 key 维上做 softmax(q kᵀ / sqrt(d_model))
  （只有一个头，所以头维度就是 d_model）；output = o_proj(weights v)。
- `mask` 为 None 或形状 (B, S) 的 bool padding 掩码：True = 真实 token，False = padding。
  padding token 作为 key 被屏蔽（没有 query 关注它们）；作为 query 它们仍有输出。
  一个 key 都不剩的 query（整条序列都是 padding）不评分，但不能把 NaN 扩散到其他序列。
- `dropout`（概率 p）作用在注意力权重上——softmax 之后、乘 v 之前——且只在训练模式下：
  每个权重以概率 p 置零，保留的乘以 1/(1-p)。不是作用在 weights @ v 的输出上。可以用
  nn.Dropout / F.dropout。eval() 模式下没有 dropout。两种模式都要评分（train() 模式下用
  指定的权重，所以随机掩码本身无关紧要）。
- 在 batch 上向量化：不要写 Python 循环（有一项检查会在两种 batch 大小下统计你的 torch 调用
  次数）。不要调用 F.scaled_dot_product_attention 或 nn.MultiheadAttention：这道题就是要你手写它。
  可以用 torch.softmax 和 nn.Linear。

示例:
    >>> attn = SelfAttention(d_model=8, dropout=0.1)
    >>> x = torch.randn(2, 4, 8)                              # (B, S, d_model)
    >>> mask = torch.tensor([[True, True, True, True],
    ...                      [True, True, False, False]])     # sequence 1: 2 real tokens
    >>> attn.eval()(x, mask=mask).shape                       # every query of seq. 1 attends keys 0, 1
    torch.Size([2, 4, 8])
    With d_model=2, q = k = v = x (identity projections, zero biases) and x = [[1, 0], [0, 1]]:
    scores = [[1, 0], [0, 1]] / sqrt(2), weights = [[0.67, 0.33], [0.33, 0.67]],
    output = weights @ x = [[0.67, 0.33], [0.33, 0.67]].
"""
import torch
from torch import nn


class SelfAttention(nn.Module):
    def __init__(self, d_model: int, dropout: float = 0.0):
        # TODO: super().__init__()；q_proj、k_proj、v_proj、o_proj；dropout（约 6 行）
        raise NotImplementedError

    def forward(self, x: torch.Tensor, mask: torch.Tensor | None = None) -> torch.Tensor:
        # TODO: 投影，缩放后的分数 (B, S, S)，屏蔽 padding 的 key，softmax，对权重做 dropout，
        # 加权求和 v，o_proj（约 7 行）
        raise NotImplementedError
