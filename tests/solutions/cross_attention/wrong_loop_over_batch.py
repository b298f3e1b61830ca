import math

import torch
from torch import nn

EXPECT = {
    'no loop': '',
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
        outs = []
        for b in range(x.shape[0]):                    # one decoder sequence at a time
            S_q, S_k = x.shape[1], memory.shape[1]
            q = self.q_proj(x[b]).view(S_q, self.n_heads, self.head_dim).transpose(0, 1)
            k = self.k_proj(memory[b]).view(S_k, self.n_heads, self.head_dim).transpose(0, 1)
            v = self.v_proj(memory[b]).view(S_k, self.n_heads, self.head_dim).transpose(0, 1)
            s = q @ k.transpose(-2, -1) / math.sqrt(self.head_dim)
            if memory_mask is not None:
                s = s.masked_fill(~memory_mask[b][None, None, :], float("-inf"))
            outs.append(self.o_proj((torch.softmax(s, dim=-1) @ v).transpose(0, 1).reshape(S_q, -1)))
        return torch.stack(outs)
