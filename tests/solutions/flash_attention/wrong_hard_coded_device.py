import torch

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
}


def flash_attention(q, k, v, causal=False, block_size=64):
    B, H, S_q, D = q.shape
    S_k = k.shape[-2]
    q = q * D ** -0.5
    m = torch.full((B, H, S_q, 1), float("-inf"), dtype=q.dtype, device=q.device)
    l = torch.zeros_like(m)
    acc = torch.zeros_like(q)
    last = torch.arange(S_q)[:, None] + (S_k - S_q)           # made on the CPU
    for start in range(0, S_k, block_size):
        kb, vb = k[..., start:start + block_size, :], v[..., start:start + block_size, :]
        s = q @ kb.transpose(-2, -1)
        cols = torch.arange(start, start + kb.shape[-2])      # made on the CPU
        s = s.masked_fill((cols > last) & causal, float("-inf"))
        m_new = torch.maximum(m, s.amax(-1, keepdim=True))
        m_safe = m_new.masked_fill(m_new == float("-inf"), 0.0)
        p = (s - m_safe).exp()
        alpha = (m - m_safe).exp()
        l = alpha * l + p.sum(-1, keepdim=True)
        acc = alpha * acc + p @ vb
        m = m_new
    return acc / l.masked_fill(l == 0, 1.0)
