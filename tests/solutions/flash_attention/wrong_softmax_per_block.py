import torch

EXPECT = {
    'banned calls': '',
}


def flash_attention(q, k, v, causal=False, block_size=64):
    """Combines per-block softmaxes correctly, but with torch.softmax doing the work."""
    S_q, S_k, D = q.shape[-2], k.shape[-2], q.shape[-1]
    m = torch.full_like(q[..., :1], float("-inf"))
    l = torch.zeros_like(q[..., :1])
    acc = torch.zeros_like(q)
    last = torch.arange(S_q, device=q.device)[:, None] + S_k - S_q
    for start in range(0, S_k, block_size):
        s = q @ k[..., start:start + block_size, :].transpose(-2, -1) / D ** 0.5
        if causal:
            cols = torch.arange(start, start + s.shape[-1], device=q.device)
            s = s.masked_fill(cols > last, float("-inf"))
        m_b = s.amax(-1, keepdim=True)
        p = torch.softmax(s, dim=-1).nan_to_num(0.0)          # exp(s - m_b) / l_b
        l_b = (s - m_b.nan_to_num(neginf=0.0)).exp().sum(-1, keepdim=True)
        m_new = torch.maximum(m, m_b)
        m_safe = m_new.nan_to_num(neginf=0.0)
        a_old, a_b = (m - m_safe).exp(), (m_b - m_safe).exp()
        acc = a_old * acc + a_b * l_b * (p @ v[..., start:start + block_size, :])
        l = a_old * l + a_b * l_b
        m = m_new
    return acc / l.masked_fill(l == 0, 1.0)
