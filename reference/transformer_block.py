import torch
import torch.nn.functional as F
from torch import nn


def _rope(x: torch.Tensor, positions: torch.Tensor, theta: float = 10000.0) -> torch.Tensor:
    D = x.shape[-1]
    inv_freq = theta ** (-torch.arange(0, D, 2, device=x.device, dtype=torch.float32) / D)   # (D/2,)
    angles = positions.to(torch.float32)[:, None] * inv_freq                                   # (S, D/2)
    angles = torch.cat([angles, angles], dim=-1)            # dims i and i + D/2 share an angle
    x1, x2 = x.chunk(2, dim=-1)
    return (x * angles.cos() + torch.cat([-x2, x1], dim=-1) * angles.sin()).to(x.dtype)


class _RMSNorm(nn.Module):
    def __init__(self, d: int, eps: float = 1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = x.float()                                # mean of squares in float32: x² overflows float16
        return (h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight).to(x.dtype)


class DecoderBlock(nn.Module):
    def __init__(self, d_model: int, n_heads: int, n_kv_heads: int, d_ff: int):
        super().__init__()
        self.n_heads, self.n_kv_heads, self.head_dim = n_heads, n_kv_heads, d_model // n_heads
        hd = self.head_dim
        self.attn_norm = _RMSNorm(d_model)
        self.attn = nn.ModuleDict(dict(                                   # the gqa drill's projections
            q_proj=nn.Linear(d_model, n_heads * hd, bias=False),
            k_proj=nn.Linear(d_model, n_kv_heads * hd, bias=False),
            v_proj=nn.Linear(d_model, n_kv_heads * hd, bias=False),
            o_proj=nn.Linear(n_heads * hd, d_model, bias=False)))
        self.ffn_norm = _RMSNorm(d_model)
        self.ffn = nn.ModuleDict(dict(                                    # the swiglu drill's projections
            gate_proj=nn.Linear(d_model, d_ff, bias=False), up_proj=nn.Linear(d_model, d_ff, bias=False),
            down_proj=nn.Linear(d_ff, d_model, bias=False)))

    def forward(self, x: torch.Tensor, positions: torch.Tensor) -> torch.Tensor:
        # pre-norm: each sublayer reads a normalised copy, the residual stream itself is never normalised
        x = x + self._attention(self.attn_norm(x), positions)
        h, f = self.ffn_norm(x), self.ffn
        return x + f.down_proj(F.silu(f.gate_proj(h)) * f.up_proj(h))     # SiLU on the gate, not on up

    def _attention(self, h: torch.Tensor, positions: torch.Tensor) -> torch.Tensor:
        """Causal GQA over h (B, S, d_model) with RoPE on q and k."""
        a, B, S = self.attn, h.shape[0], h.shape[1]
        H, n_kv, hd = self.n_heads, self.n_kv_heads, self.head_dim
        q = a.q_proj(h).view(B, S, H, hd).transpose(1, 2)              # (B, H, S, hd)
        k = a.k_proj(h).view(B, S, n_kv, hd).transpose(1, 2)           # (B, n_kv, S, hd)
        v = a.v_proj(h).view(B, S, n_kv, hd).transpose(1, 2)
        q, k = _rope(q, positions), _rope(k, positions)                # per head, after the split; never v
        k = k.repeat_interleave(H // n_kv, dim=1)                      # query head h reads kv head h // g
        v = v.repeat_interleave(H // n_kv, dim=1)
        scores = q @ k.transpose(-2, -1) * hd ** -0.5                  # (B, H, S, S)
        future = torch.ones(S, S, dtype=torch.bool, device=h.device).triu(1)
        out = torch.softmax(scores.masked_fill(future, float("-inf")), dim=-1) @ v
        return a.o_proj(out.transpose(1, 2).reshape(B, S, H * hd))
