import torch

EXPECT = {
    'memory': 'more than one block of scores held at once (the whole (S_q, S_k) score matrix, or blocks wider than block_size): only one (B, H, S_q, block_size) block may exist at a time',
}

BLOCK = 64


def flash_attention(q, k, v, causal=False, block_size=64):
    """A fixed tile size: right values, but the score tiles are bigger than the caller allowed."""
    B, H, S_q, D = q.shape
    S_k = k.shape[-2]
    q = q * D ** -0.5
    m = torch.full((B, H, S_q, 1), float("-inf"), dtype=q.dtype, device=q.device)
    l = torch.zeros_like(m)
    acc = torch.zeros_like(q)
    last = torch.arange(S_q, device=q.device)[:, None] + (S_k - S_q)
    for start in range(0, S_k, BLOCK):
        kb, vb = k[..., start:start + BLOCK, :], v[..., start:start + BLOCK, :]
        s = q @ kb.transpose(-2, -1)
        if causal:
            cols = torch.arange(start, start + kb.shape[-2], device=q.device)
            s = s.masked_fill(cols > last, float("-inf"))
        m_new = torch.maximum(m, s.amax(-1, keepdim=True))
        m_safe = m_new.masked_fill(m_new == float("-inf"), 0.0)
        p = (s - m_safe).exp()
        alpha = (m - m_safe).exp()
        l = alpha * l + p.sum(-1, keepdim=True)
        acc = alpha * acc + p @ vb
        m = m_new
    return acc / l.masked_fill(l == 0, 1.0)
