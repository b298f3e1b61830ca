import math

import torch


class KVCache:
    """Preallocated buffers that double when full, as serving engines do: no cat per token."""

    def __init__(self):
        self.k = self.v = None
        self.length = 0

    def update(self, k_new, v_new):
        T = k_new.shape[2]
        if self.k is None or self.length + T > self.k.shape[2]:
            size = max(2 * (self.length + T), 4)
            k_buf = k_new.new_zeros(*k_new.shape[:2], size, k_new.shape[3])
            v_buf = v_new.new_zeros(*v_new.shape[:2], size, v_new.shape[3])
            if self.k is not None:
                k_buf[:, :, :self.length] = self.k[:, :, :self.length]
                v_buf[:, :, :self.length] = self.v[:, :, :self.length]
            self.k, self.v = k_buf, v_buf
        self.k[:, :, self.length:self.length + T] = k_new
        self.v[:, :, self.length:self.length + T] = v_new
        self.length += T
        return self.k[:, :, :self.length], self.v[:, :, :self.length]


def rotate(x, pos):
    d = x.shape[-1] // 2
    freqs = torch.exp(-math.log(10000.0) * torch.arange(d, device=x.device, dtype=torch.float32) / d)
    cos, sin = torch.cos(pos * freqs), torch.sin(pos * freqs)
    a, b = x[..., :d], x[..., d:]
    return torch.cat([a * cos - b * sin, b * cos + a * sin], dim=-1)


def decode_step(x_t, attn, cache, pos):
    B = x_t.shape[0]
    H, n_kv, hd = attn.n_heads, attn.n_kv_heads, attn.head_dim
    q = rotate(attn.q_proj(x_t).view(B, H, hd), pos)                  # (B, H, hd)
    k = rotate(attn.k_proj(x_t).view(B, n_kv, 1, hd), pos)             # (B, n_kv, 1, hd)
    v = attn.v_proj(x_t).view(B, n_kv, 1, hd)
    k_all, v_all = cache.update(k, v)
    k_all = k_all.repeat_interleave(H // n_kv, dim=1)                  # (B, H, T, hd)
    v_all = v_all.repeat_interleave(H // n_kv, dim=1)
    scores = torch.einsum("bhd,bhtd->bht", q, k_all) / math.sqrt(hd)
    out = torch.einsum("bht,bhtd->bhd", scores.softmax(dim=-1), v_all)
    return attn.o_proj(out.reshape(B, 1, H * hd))
