import math

import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    """Keeps the output normalised at every step, with a running log-sum-exp instead of (m, l)."""
    S_q, S_k = q.shape[-2], k.shape[-2]
    lse = torch.full(q.shape[:-1] + (1,), -math.inf, dtype=q.dtype, device=q.device)
    out = torch.zeros_like(q)
    q_idx = torch.arange(S_q, device=q.device).unsqueeze(1)
    for j in range(0, S_k, block_size):
        kj, vj = k[:, :, j:j + block_size], v[:, :, j:j + block_size]
        s = torch.matmul(q, kj.transpose(2, 3)) / math.sqrt(q.shape[-1])
        if causal:
            k_idx = torch.arange(j, j + kj.shape[2], device=q.device).unsqueeze(0)
            s = torch.where(k_idx <= q_idx + S_k - S_q, s, -math.inf)
        new_lse = torch.logaddexp(lse, torch.logsumexp(s, dim=-1, keepdim=True))
        ok = new_lse > -math.inf
        base = torch.where(ok, new_lse, torch.zeros_like(new_lse))
        out = torch.exp(lse - base) * out + torch.exp(s - base) @ vj
        lse = new_lse
    return out
