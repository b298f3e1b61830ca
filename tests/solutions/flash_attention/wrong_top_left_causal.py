import torch

EXPECT = {
    'values': 'causal mask aligned top-left (j <= i) instead of bottom-right (j <= i + S_k - S_q)',
    'causality': '',
}


def flash_attention(q, k, v, causal=False, block_size=64):
    B, H, S_q, D = q.shape
    S_k = k.shape[-2]
    q = q / D ** 0.5
    m = torch.full((B, H, S_q, 1), float("-inf"), device=q.device, dtype=q.dtype)
    l = torch.zeros_like(m)
    acc = torch.zeros_like(q)
    i = torch.arange(S_q, device=q.device)[:, None]
    for start in range(0, S_k, block_size):
        kb, vb = k[..., start:start + block_size, :], v[..., start:start + block_size, :]
        s = q @ kb.transpose(-2, -1)
        if causal:
            j = torch.arange(start, start + kb.shape[-2], device=q.device)
            s = s.masked_fill(j > i, float("-inf"))    # like torch's is_causal: top-left aligned
        m_new = torch.maximum(m, s.amax(-1, keepdim=True))
        m_use = torch.where(m_new == float("-inf"), torch.zeros_like(m_new), m_new)
        p = torch.exp(s - m_use)
        a = torch.exp(m - m_use)
        l = a * l + p.sum(-1, keepdim=True)
        acc = a * acc + p @ vb
        m = m_new
    return acc / torch.where(l == 0, torch.ones_like(l), l)
