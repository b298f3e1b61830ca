import torch
import torch.nn.functional as F
from torch import nn

EXPECT = {
    'banned calls': '',
}


class CrossAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads, self.head_dim = n_heads, d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)

    def forward(self, x, memory, memory_mask=None):
        B, S_q, D = x.shape
        S_k = memory.shape[1]
        q = self.q_proj(x).view(B, S_q, self.n_heads, self.head_dim).transpose(1, 2)
        k = self.k_proj(memory).view(B, S_k, self.n_heads, self.head_dim).transpose(1, 2)
        v = self.v_proj(memory).view(B, S_k, self.n_heads, self.head_dim).transpose(1, 2)
        mask = None if memory_mask is None else memory_mask[:, None, None, :]
        out = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.o_proj(out.transpose(1, 2).reshape(B, S_q, D))
