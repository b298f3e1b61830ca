import torch
import torch.nn.functional as F


class KVCache:
    def __init__(self):
        self.keys, self.values = [], []

    def update(self, k_new, v_new):
        self.keys.append(k_new)
        self.values.append(v_new)
        return torch.cat(self.keys, dim=2), torch.cat(self.values, dim=2)


def rope(x, position, theta=10000.0):
    D = x.shape[-1]
    inv_freq = 1.0 / theta ** (torch.arange(0, D, 2, device=x.device, dtype=torch.float32) / D)
    emb = (position * inv_freq).repeat(2)                 # (D,): one angle for both halves
    x1, x2 = x.chunk(2, dim=-1)
    return x * emb.cos() + torch.cat((-x2, x1), dim=-1) * emb.sin()


def decode_step(x_t, attn, cache, pos):
    B = x_t.shape[0]
    q = attn.q_proj(x_t).view(B, 1, attn.n_heads, attn.head_dim).transpose(1, 2)
    k = attn.k_proj(x_t).view(B, 1, attn.n_kv_heads, attn.head_dim).transpose(1, 2)
    v = attn.v_proj(x_t).view(B, 1, attn.n_kv_heads, attn.head_dim).transpose(1, 2)
    q, k = rope(q, pos), rope(k, pos)
    k, v = cache.update(k, v)
    out = F.scaled_dot_product_attention(q, k, v, enable_gqa=True)      # one query: nothing to mask
    return attn.o_proj(out.transpose(1, 2).reshape(B, 1, -1))
