import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    """FlashAttention-2 order: an outer loop over query tiles, an inner loop over key tiles,
    skipping the key tiles a causal query tile cannot see."""
    B, H, S_q, D = q.shape
    S_k = k.shape[2]
    offset = S_k - S_q
    outs = []
    for i0 in range(0, S_q, block_size):
        qi = q[:, :, i0:i0 + block_size] * D ** -0.5
        n = qi.shape[2]
        m = qi.new_full((B, H, n), float("-inf"))
        l = qi.new_zeros((B, H, n))
        o = qi.new_zeros((B, H, n, D))
        rows = torch.arange(i0, i0 + n, device=q.device)
        for j0 in range(0, S_k, block_size):
            if causal and j0 > i0 + n - 1 + offset:
                break                                       # every later key is in this tile's future
            kj, vj = k[:, :, j0:j0 + block_size], v[:, :, j0:j0 + block_size]
            s = torch.einsum("bhid,bhjd->bhij", qi, kj)
            if causal:
                cols = torch.arange(j0, j0 + kj.shape[2], device=q.device)
                s = s.masked_fill(cols[None, :] > rows[:, None] + offset, float("-inf"))
            m_new = torch.maximum(m, s.max(dim=-1).values)
            shift = torch.where(torch.isinf(m_new), torch.zeros_like(m_new), m_new)
            p = torch.exp(s - shift[..., None])
            corr = torch.exp(m - shift)
            l = l * corr + p.sum(-1)
            o = o * corr[..., None] + torch.einsum("bhij,bhjd->bhid", p, vj)
            m = m_new
        outs.append(o / torch.where(l > 0, l, torch.ones_like(l))[..., None])
    return torch.cat(outs, dim=2)
