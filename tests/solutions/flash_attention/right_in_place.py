import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    """Kernel style: accumulators updated in place, one (S_q, S_k) causal mask made up front."""
    S_q, S_k = q.size(-2), k.size(-2)
    scale = q.size(-1) ** -0.5
    m = torch.full_like(q[..., :1], float("-inf"))
    l = torch.zeros_like(q[..., :1])
    acc = torch.zeros_like(q)
    if causal:
        allowed = torch.ones(S_q, S_k, dtype=torch.bool, device=q.device).tril(diagonal=S_k - S_q)
    for start in range(0, S_k, block_size):
        end = min(start + block_size, S_k)
        s = (q @ k[..., start:end, :].mT) * scale
        if causal:
            s.masked_fill_(~allowed[:, start:end], float("-inf"))
        m_new = torch.max(m, s.max(-1, keepdim=True).values)
        m_new_safe = m_new.nan_to_num(neginf=0.0)
        s.sub_(m_new_safe).exp_()                       # s now holds p
        alpha = (m - m_new_safe).exp()
        l.mul_(alpha).add_(s.sum(-1, keepdim=True))
        acc.mul_(alpha).add_(s @ v[..., start:end, :])
        m = m_new
    l[l == 0] = 1.0
    return acc.div_(l)
