import torch


def _rope(x: torch.Tensor, positions: torch.Tensor, theta: float = 10000.0) -> torch.Tensor:
    D = x.shape[-1]
    inv_freq = theta ** (-torch.arange(0, D, 2, device=x.device, dtype=torch.float32) / D)   # (D/2,)
    angles = positions.to(torch.float32)[:, None] * inv_freq                                   # (S, D/2)
    angles = torch.cat([angles, angles], dim=-1)            # dims i and i + D/2 share an angle
    x1, x2 = x.chunk(2, dim=-1)
    return (x * angles.cos() + torch.cat([-x2, x1], dim=-1) * angles.sin()).to(x.dtype)


class KVCache:
    def __init__(self):
        self.k = self.v = None          # (B, n_kv_heads, T, head_dim) once something is cached

    def update(self, k_new: torch.Tensor, v_new: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        if self.k is None:
            self.k, self.v = k_new, v_new
        else:                                               # append along time, dim 2
            self.k = torch.cat([self.k, k_new], dim=2)
            self.v = torch.cat([self.v, v_new], dim=2)
        return self.k, self.v


def decode_step(x_t: torch.Tensor, attn, cache: KVCache, pos: int) -> torch.Tensor:
    B = x_t.shape[0]
    H, n_kv, hd = attn.n_heads, attn.n_kv_heads, attn.head_dim
    # only the new token is projected: the keys and values of the prefix come from the cache
    q = attn.q_proj(x_t).view(B, 1, H, hd).transpose(1, 2)          # (B, H, 1, hd)
    k = attn.k_proj(x_t).view(B, 1, n_kv, hd).transpose(1, 2)       # (B, n_kv, 1, hd)
    v = attn.v_proj(x_t).view(B, 1, n_kv, hd).transpose(1, 2)
    position = torch.arange(pos, pos + 1, device=x_t.device)
    q, k = _rope(q, position), _rope(k, position)                   # cached keys keep their own rotation
    k, v = cache.update(k, v)                                       # (B, n_kv, T, hd), T = pos + 1
    # query heads grouped by the kv head they read; the new token may see every cached one, no mask
    q = q.view(B, n_kv, H // n_kv, 1, hd)                           # (B, n_kv, g, 1, hd)
    scores = q @ k[:, :, None].transpose(-2, -1) * hd ** -0.5       # (B, n_kv, g, 1, T)
    out = torch.softmax(scores, dim=-1) @ v[:, :, None]             # (B, n_kv, g, 1, hd)
    return attn.o_proj(out.reshape(B, 1, H * hd))                   # heads side by side: h = kv·g + j
