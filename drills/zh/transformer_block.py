"""解码器层 Pre-norm decoder block

实现模块 `DecoderBlock(d_model, n_heads, n_kv_heads, d_ff)`：一个 LLaMA 风格的解码器层——RMSNorm、
带 RoPE 的因果分组查询注意力 (GQA)、残差；RMSNorm、SwiGLU 前馈网络、残差。它把 rmsnorm、gqa、
rope 和 swiglu 这几道题组合在一起。

子模块和参数（名字和形状必须完全一致，且按层级嵌套：评分器会把它的权重加载进你的模块，例如
`attn.q_proj.weight`），其中 head_dim = d_model // n_heads，所有 Linear 都不带 bias：
    attn_norm.weight (d_model,)          RMSNorm, eps=1e-6
    attn.q_proj.weight (n_heads*head_dim, d_model)
    attn.k_proj.weight, attn.v_proj.weight (n_kv_heads*head_dim, d_model)
    attn.o_proj.weight (d_model, n_heads*head_dim)
    ffn_norm.weight (d_model,)           RMSNorm, eps=1e-6
    ffn.gate_proj.weight, ffn.up_proj.weight (d_ff, d_model); ffn.down_proj.weight (d_model, d_ff)
所以 `self.attn` 是一个装着四个投影的小模块（同 gqa 那道题），`self.ffn` 是装着三个投影的小模块
（同 swiglu 那道题）。可以用 nn.RMSNorm(d_model, eps=1e-6) 和 nn.Linear。

`forward(x, positions) -> (B, S, d_model)`；x 形状 (B, S, d_model)，positions 为 (S,) long（每个
token 的位置，供 RoPE 使用；不一定是 0..S-1，也不一定连续）。输出与 x 的 dtype 和设备相同：
    h   = x + Attention(RMSNorm_attn(x), positions)       pre-norm: normalise the sublayer's
    out = h + SwiGLU(RMSNorm_ffn(h))                      input, never the residual stream
- RMSNorm(x) = x / sqrt(mean(x², last dim) + 1e-6) * weight。
- 注意力：因果（token i 只能看 j <= i）分组查询注意力，同 gqa 那道题：把 q 拆成
  (B, n_heads, S, head_dim)，k 和 v 拆成 (B, n_kv_heads, S, head_dim)；query 头 h 读取 kv 头
  h // (n_heads // n_kv_heads)；分数除以 sqrt(head_dim)；合并各头后再过 o_proj。
  RoPE 按头作用在 q 和 k 上（绝不作用于 v），时机是拆头之后、算分数之前：rotate-half 配对
  （第 i 维与第 i + head_dim/2 维配对），角度为 positions * 10000 ** (-2i / head_dim)；
  rope(x) = x * cos + cat(-x[..., D/2:], x[..., :D/2]) * sin（同 rope 那道题）。
- SwiGLU(h) = down_proj(silu(gate_proj(h)) * up_proj(h))。
- 对 batch 和注意力头做向量化：两者都不能写 Python 循环（检查会统计你的 torch 调用次数）。

示例:
    >>> block = DecoderBlock(d_model=16, n_heads=4, n_kv_heads=2, d_ff=32)   # head_dim 4
    >>> sorted(k for k in block.state_dict())[:3]
    ['attn.k_proj.weight', 'attn.o_proj.weight', 'attn.q_proj.weight']
    >>> block(torch.randn(2, 5, 16), torch.arange(5)).shape
    torch.Size([2, 5, 16])
    Shifting every position by the same amount leaves the output unchanged: RoPE makes attention
    depend only on distances.
"""
import torch
from torch import nn


class DecoderBlock(nn.Module):
    def __init__(self, d_model: int, n_heads: int, n_kv_heads: int, d_ff: int):
        # TODO: super().__init__()；attn_norm、attn（q/k/v/o 投影）、ffn_norm、ffn（gate/up/down）
        # （约 6 行，另加小的 RMSNorm、注意力权重和 SwiGLU 模块，以及一个 rope 辅助函数）
        raise NotImplementedError

    def forward(self, x: torch.Tensor, positions: torch.Tensor) -> torch.Tensor:
        # TODO: x + attention(attn_norm(x))，其中 q 和 k 加 RoPE；再 h + ffn(ffn_norm(h))
        # （约 15 行）
        raise NotImplementedError
