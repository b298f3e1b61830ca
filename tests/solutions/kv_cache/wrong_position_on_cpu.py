import torch

EXPECT = {
    'decode_step: device (emulated)': 'tensor created on a hard-coded device',
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


def rope(x, positions):
    D = x.shape[-1]
    inv_freq = 1.0 / 10000.0 ** (torch.arange(0, D, 2).float() / D)    # made on the CPU
    ang = positions.float()[:, None] * inv_freq
    ang = torch.cat([ang, ang], dim=-1)
    x1, x2 = x.chunk(2, dim=-1)
    return x * ang.cos() + torch.cat([-x2, x1], dim=-1) * ang.sin()


def decode_step(x_t, attn, cache, pos):
    B = x_t.shape[0]
    H, n_kv, hd = attn.n_heads, attn.n_kv_heads, attn.head_dim
    p = torch.arange(pos, pos + 1)
    q = rope(attn.q_proj(x_t).view(B, 1, H, hd).transpose(1, 2), p)
    k = rope(attn.k_proj(x_t).view(B, 1, n_kv, hd).transpose(1, 2), p)
    v = attn.v_proj(x_t).view(B, 1, n_kv, hd).transpose(1, 2)
    k_all, v_all = cache.update(k, v)
    k_all = k_all.repeat_interleave(H // n_kv, dim=1)
    v_all = v_all.repeat_interleave(H // n_kv, dim=1)
    w = torch.softmax(q @ k_all.transpose(-2, -1) / hd ** 0.5, dim=-1)
    return attn.o_proj((w @ v_all).transpose(1, 2).reshape(B, 1, H * hd))
