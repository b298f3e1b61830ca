import torch

EXPECT = {
    'decode_step: no loop': '',
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
    H, n_kv, hd = attn.n_heads, attn.n_kv_heads, attn.head_dim
    q = rope(attn.q_proj(x_t).view(-1, H, hd), pos)                # (B, H, hd)
    k = rope(attn.k_proj(x_t).view(-1, n_kv, 1, hd), pos)
    v = attn.v_proj(x_t).view(-1, n_kv, 1, hd)
    k_all, v_all = cache.update(k, v)
    outs = []
    for b in range(x_t.shape[0]):                                   # one sequence at a time
        kb = k_all[b].repeat_interleave(H // n_kv, dim=0)           # (H, T, hd)
        vb = v_all[b].repeat_interleave(H // n_kv, dim=0)
        w = torch.softmax((kb @ q[b][:, :, None]).squeeze(-1) / hd ** 0.5, dim=-1)   # (H, T)
        outs.append((w[:, None, :] @ vb).reshape(1, H * hd))
    return attn.o_proj(torch.stack(outs))
