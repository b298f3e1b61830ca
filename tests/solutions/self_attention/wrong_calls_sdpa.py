import torch
import torch.nn.functional as F
from torch import nn

EXPECT = {
    'banned calls': '',
}


class SelfAttention(nn.Module):
    def __init__(self, d_model, dropout=0.0):
        super().__init__()
        self.p = dropout
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)

    def forward(self, x, mask=None):
        q, k, v = self.q_proj(x), self.k_proj(x), self.v_proj(x)
        keep = None if mask is None else mask[:, None, :]
        out = F.scaled_dot_product_attention(q, k, v, attn_mask=keep, dropout_p=self.p if self.training else 0.0)
        return self.o_proj(out)
