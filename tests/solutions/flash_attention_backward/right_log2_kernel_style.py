import math

import torch


def flash_attention_backward(q, k, v, o, do, lse, causal=False, block_size=64):
    """As the CUDA kernels write it: exp2 with log2(e) folded into the scale, dk and dv written
    into preallocated outputs block by block, the mask applied to P after the exponential."""
    B, H, S_q, D = q.shape
    S_k = k.shape[2]
    scale = 1.0 / math.sqrt(D)
    log2e = 1.4426950408889634
    lse2 = (lse * log2e).unsqueeze(-1)
    delta = torch.sum(do * o, dim=-1, keepdim=True)
    dq = torch.zeros_like(q)
    dk = torch.empty_like(k)
    dv = torch.empty_like(v)
    rows = torch.arange(S_q, device=q.device).view(-1, 1) + S_k - S_q
    for j0 in range(0, S_k, block_size):
        j1 = min(j0 + block_size, S_k)
        kj, vj = k[:, :, j0:j1], v[:, :, j0:j1]
        p = torch.exp2(torch.matmul(q, kj.transpose(2, 3)) * (scale * log2e) - lse2)
        if causal:
            cols = torch.arange(j0, j1, device=q.device).view(1, -1)
            p = torch.where(cols <= rows, p, torch.zeros_like(p))
        dv[:, :, j0:j1] = torch.matmul(p.transpose(2, 3), do)
        ds = p * (torch.matmul(do, vj.transpose(2, 3)) - delta) * scale      # scale folded into dS once
        dq += torch.matmul(ds, kj)
        dk[:, :, j0:j1] = torch.matmul(ds.transpose(2, 3), q)
    return dq, dk, dv
