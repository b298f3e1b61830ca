import torch
import torch.nn.functional as F
from torch import nn


class Norm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x / torch.sqrt(torch.mean(x * x, dim=-1, keepdim=True) + 1e-6)


def rotate(x, cos, sin):
    half = x.shape[-1] // 2
    return x * cos + torch.cat((-x[..., half:], x[..., :half]), dim=-1) * sin


class DecoderBlock(nn.Module):
    def __init__(self, d_model, n_heads, n_kv_heads, d_ff):
        super().__init__()
        self.n_heads, self.n_kv_heads, self.head_dim = n_heads, n_kv_heads, d_model // n_heads
        self.attn_norm = Norm(d_model)
        self.attn = nn.Module()
        self.attn.q_proj = nn.Linear(d_model, n_heads * self.head_dim, bias=False)
        self.attn.k_proj = nn.Linear(d_model, n_kv_heads * self.head_dim, bias=False)
        self.attn.v_proj = nn.Linear(d_model, n_kv_heads * self.head_dim, bias=False)
        self.attn.o_proj = nn.Linear(n_heads * self.head_dim, d_model, bias=False)
        self.ffn_norm = Norm(d_model)
        self.ffn = nn.Module()
        self.ffn.gate_proj = nn.Linear(d_model, d_ff, bias=False)
        self.ffn.up_proj = nn.Linear(d_model, d_ff, bias=False)
        self.ffn.down_proj = nn.Linear(d_ff, d_model, bias=False)

    def forward(self, x, positions):
        B, S, _ = x.shape
        H, KV, D = self.n_heads, self.n_kv_heads, self.head_dim
        h = self.attn_norm(x)
        w = torch.cat([self.attn.q_proj.weight, self.attn.k_proj.weight, self.attn.v_proj.weight])
        q, k, v = F.linear(h, w).split([H * D, KV * D, KV * D], dim=-1)        # one matmul for all three
        q = q.view(B, S, H, D).transpose(1, 2)
        k = k.view(B, S, KV, D).transpose(1, 2)
        v = v.view(B, S, KV, D).transpose(1, 2)
        inv = 10000.0 ** (-torch.arange(0, D, 2, device=x.device).float() / D)
        freqs = positions[:, None].float() * inv[None, :]
        cos, sin = freqs.cos().repeat(1, 2), freqs.sin().repeat(1, 2)            # (S, D)
        q, k = rotate(q, cos, sin), rotate(k, cos, sin)
        out = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.attn.o_proj(out.transpose(1, 2).reshape(B, S, H * D))
        f = self.ffn_norm(x)
        return x + self.ffn.down_proj(F.silu(self.ffn.gate_proj(f)) * self.ffn.up_proj(f))
