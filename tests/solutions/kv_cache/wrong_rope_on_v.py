import torch

EXPECT = {
    'decode_step: values': 'RoPE applied to v as well: it rotates only queries and keys',
}


class KVCache:
    def __init__(self):
        self.k = None
        self.v = None

    def update(self, k_new, v_new):
        if self.k is None:
            self.k, self.v = k_new, v_new
        else:
            self.k = torch.cat([self.k, k_new], dim=2)
            self.v = torch.cat([self.v, v_new], dim=2)
        return self.k, self.v


def rope(x, pos):
    D = x.shape[-1]
    inv_freq = 10000.0 ** (-torch.arange(0, D, 2, device=x.device).float() / D)
    ang = torch.cat([pos * inv_freq, pos * inv_freq])
    x1, x2 = x[..., :D // 2], x[..., D // 2:]
    return x * ang.cos() + torch.cat([-x2, x1], dim=-1) * ang.sin()


def decode_step(x_t, attn, cache, pos):
    B = x_t.shape[0]
    H, n_kv, hd = attn.n_heads, attn.n_kv_heads, attn.head_dim
    q = rope(attn.q_proj(x_t).view(B, 1, H, hd).transpose(1, 2), pos)
    k = rope(attn.k_proj(x_t).view(B, 1, n_kv, hd).transpose(1, 2), pos)
    v = rope(attn.v_proj(x_t).view(B, 1, n_kv, hd).transpose(1, 2), pos)      # every projection rotated
    k_all, v_all = cache.update(k, v)
    k_all = k_all.repeat_interleave(H // n_kv, dim=1)
    v_all = v_all.repeat_interleave(H // n_kv, dim=1)
    w = torch.softmax(q @ k_all.transpose(-2, -1) / hd ** 0.5, dim=-1)
    return attn.o_proj((w @ v_all).transpose(1, 2).reshape(B, 1, H * hd))
