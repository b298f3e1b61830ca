import torch

EXPECT = {
    'values': 'the last, shorter block of keys dropped (S_k not a multiple of block_size)',
    'block size does not change the result': '',
}


def flash_attention(q, k, v, causal=False, block_size=64):
    B, H, S_q, D = q.shape
    S_k = k.shape[-2]
    q = q * D ** -0.5
    m = torch.full((B, H, S_q, 1), float("-inf"), dtype=q.dtype, device=q.device)
    l = torch.zeros_like(m)
    acc = torch.zeros_like(q)
    last = torch.arange(S_q, device=q.device)[:, None] + (S_k - S_q)
    n_blocks = max(1, S_k // block_size)                 # forgets the remainder
    for b in range(n_blocks):
        kb = k[..., b * block_size:(b + 1) * block_size, :]
        vb = v[..., b * block_size:(b + 1) * block_size, :]
        s = q @ kb.transpose(-2, -1)
        if causal:
            cols = torch.arange(b * block_size, b * block_size + kb.shape[-2], device=q.device)
            s = s.masked_fill(cols > last, float("-inf"))
        m_new = torch.maximum(m, s.amax(-1, keepdim=True))
        m_safe = m_new.masked_fill(m_new == float("-inf"), 0.0)
        p = (s - m_safe).exp()
        alpha = (m - m_safe).exp()
        l = alpha * l + p.sum(-1, keepdim=True)
        acc = alpha * acc + p @ vb
        m = m_new
    return acc / l.masked_fill(l == 0, 1.0)
