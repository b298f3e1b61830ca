"""多头潜在注意力 Multi-head latent attention (DeepSeek-V2)

实现模块 `MultiHeadLatentAttention(d_model, n_heads, kv_rank, rope_dim, head_dim)`：DeepSeek-V2 的注意力，
它的 KV cache 是每个 token 一个小的潜向量（latent），而不是每个注意力头各自的 key 和 value。
（不是某些资料里用同一名字描述的 Perceiver 式“潜在 query”。）

参数（名字和形状必须完全如下，全部是不带偏置的 nn.Linear；评分器会把自己的权重载入你的模块）：
    q_proj:  nn.Linear(d_model, n_heads * (head_dim + rope_dim))   weight (H*(hd+rd), d_model)
    kv_down: nn.Linear(d_model, kv_rank)                           weight (kv_rank, d_model)
    kv_norm: RMSNorm(kv_rank), eps=1e-6                            weight (kv_rank,)
    k_up:    nn.Linear(kv_rank, n_heads * head_dim)                weight (H*hd, kv_rank)
    v_up:    nn.Linear(kv_rank, n_heads * head_dim)                weight (H*hd, kv_rank)
    k_rope:  nn.Linear(d_model, rope_dim)                          weight (rope_dim, d_model)
    o_proj:  nn.Linear(n_heads * head_dim, d_model)                weight (d_model, H*hd)
（kv_norm：自己写 RMSNorm，x / sqrt(mean(x²) + 1e-6) * weight，或者用 nn.RMSNorm(kv_rank,
eps=1e-6)：它的参数也叫 `weight`。）

`latent_cache(x) -> (B, S, kv_rank + rope_dim)`，即 MLA 为每个 token 缓存的内容：
    c    = kv_norm(kv_down(x))                        (B, S, kv_rank)   the compressed latent
    k_pe = RoPE(k_rope(x)) at positions 0..S-1        (B, S, rope_dim)  ONE rotated key shared by all heads
    cache = cat([c, k_pe], dim=-1)

`forward(x, causal=True) -> (B, S, d_model)`，x 形状 (B, S, d_model)，输出的 dtype 和设备与 x 相同：
- 对每个头 h，q_proj(x) 给出 head_dim + rope_dim 个特征（头 h 拥有第
  h*(hd+rd):(h+1)*(hd+rd) 个特征）；前 head_dim 个是 q_nope_h，后 rope_dim 个是 q_pe_h，
  q_pe_h 在位置 0..S-1 上做 RoPE 旋转。
- key 和 value 只来自潜向量：k_nope_h、v_h 分别是 k_up(c) 和 v_up(c) 中属于头 h 的切片
  （各 head_dim 个）。头 h 的 key 是 [k_nope_h, k_pe]——每个头用同一个 k_pe。
- scores_h = (q_nope_h · k_nope_hᵀ + q_pe_h · k_peᵀ) / sqrt(head_dim + rope_dim)；causal=True 时
  token i 只关注 j <= i；对 key 做 softmax；out_h = weights v_h；各头并排拼接成
  (B, S, n_heads*head_dim)，再过 o_proj。
- RoPE 与 rope 那道题相同：rotate-half 配对（第 i 维与第 i + rope_dim/2 维），角度为
  p * 10000 ** (-2i / rope_dim)；rope(x) = x * cos + cat(-x[..., D/2:], x[..., :D/2]) * sin。
- 注意力必须能只用 latent_cache(x)（再加上由 x 得到的 q）算出来：会有检查按 DeepSeek 解码的方式，
  从你的缓存重建注意力（k_up 吸收进 query，v_up 在加权之后再乘），并与在 x 上算的注意力比较。每个 token
  的缓存条目只依赖于该 token 本身，这样解码时每个 token 只需追加一条。
- 在 batch 和注意力头上向量化：两者都不能写 Python 循环（会数你的 torch 调用次数）。
  不要调用 F.scaled_dot_product_attention 或 nn.MultiheadAttention。

示例:
    >>> mla = MultiHeadLatentAttention(d_model=32, n_heads=4, kv_rank=8, rope_dim=4, head_dim=8)
    >>> x = torch.randn(2, 5, 32)
    >>> mla.latent_cache(x).shape          # 12 numbers per token, where MHA caches 2·4·8 = 64
    torch.Size([2, 5, 12])
    >>> mla(x).shape                        # causal; each head's q·k runs over 8 + 4 = 12 dims
    torch.Size([2, 5, 32])
"""
import torch
from torch import nn


class MultiHeadLatentAttention(nn.Module):
    def __init__(self, d_model: int, n_heads: int, kv_rank: int, rope_dim: int, head_dim: int):
        # TODO: super().__init__()；各个尺寸；q_proj、kv_down、kv_norm、k_up、v_up、k_rope、o_proj
        # （约 10 行，另加 RMSNorm 和 RoPE 辅助函数）
        raise NotImplementedError

    def latent_cache(self, x: torch.Tensor) -> torch.Tensor:
        # TODO: 归一化后的潜向量和旋转后的共享 key，并排拼接（约 4 行）
        raise NotImplementedError

    def forward(self, x: torch.Tensor, causal: bool = True) -> torch.Tensor:
        # TODO: 拆开缓存，把每个头的 q 分成 nope/rope 两部分，对 q_pe 做 RoPE，由潜向量得到 k 和 v，
        # 两项分数相加，缩放，因果掩码，softmax，加权 v，合并各头，o_proj
        # （约 16 行）
        raise NotImplementedError
