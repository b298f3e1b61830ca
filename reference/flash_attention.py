import torch


def flash_attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool = False,
                    block_size: int = 64) -> torch.Tensor:
    B, H, S_q, D = q.shape
    S_k = k.shape[-2]
    q = q * D ** -0.5                                            # scale once, not every block
    m = torch.full((B, H, S_q, 1), float("-inf"), dtype=q.dtype, device=q.device)   # running max
    l = torch.zeros_like(m)                                      # running sum of exp(s - m)
    acc = torch.zeros_like(q)                                    # running exp(s - m) @ v, (B, H, S_q, D)
    last = torch.arange(S_q, device=q.device)[:, None] + (S_k - S_q)   # (S_q, 1) last key each query sees
    for start in range(0, S_k, block_size):
        kb, vb = k[..., start:start + block_size, :], v[..., start:start + block_size, :]
        s = q @ kb.transpose(-2, -1)                             # (B, H, S_q, bs): one block of scores
        if causal:
            cols = torch.arange(start, start + kb.shape[-2], device=q.device)
            s = s.masked_fill(cols > last, float("-inf"))
        m_new = torch.maximum(m, s.amax(dim=-1, keepdim=True))
        m_safe = m_new.masked_fill(m_new == float("-inf"), 0.0)  # a row with no key yet: avoid -inf - -inf
        p = (s - m_safe).exp()
        alpha = (m - m_safe).exp()                               # what was summed under the old max, rescaled
        l = alpha * l + p.sum(dim=-1, keepdim=True)
        acc = alpha * acc + p @ vb
        m = m_new
    return acc / l.masked_fill(l == 0, 1.0)                      # a query that sees no key outputs 0
