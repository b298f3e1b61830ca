import torch
import torch.nn.functional as F
from torch import nn


class CrossAttention(nn.Module):
    """einsum over named axes; a batch element with no real encoder token gets zeros, not NaN."""

    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)

    def forward(self, x, memory, memory_mask=None):
        B, S_q, d_model = x.shape
        H = self.n_heads
        hd = d_model // H
        q = F.linear(x, self.q_proj.weight, self.q_proj.bias).unflatten(-1, (H, hd))       # (B, S_q, H, hd)
        k = self.k_proj(memory).unflatten(-1, (H, hd))                                      # (B, S_k, H, hd)
        v = self.v_proj(memory).unflatten(-1, (H, hd))
        scores = torch.einsum("bqhd,bkhd->bhqk", q, k) * hd ** -0.5
        if memory_mask is not None:
            scores = scores.masked_fill(~memory_mask[:, None, None, :], float("-inf"))
        top = scores.amax(-1, keepdim=True).nan_to_num(neginf=0.0)
        e = (scores - top).exp()
        w = e / e.sum(-1, keepdim=True).clamp_min(torch.finfo(e.dtype).tiny)
        out = torch.einsum("bhqk,bkhd->bqhd", w, v).reshape(B, S_q, d_model)
        return self.o_proj(out)
