import torch

EXPECT = {
    'values': 'wrong scale: dQ and dK miss the 1/sqrt(D) factor of the scores (dQ = dS K / sqrt(D), dK = dSᵀ Q / sqrt(D))',
}


def flash_attention_backward(q, k, v, o, do, lse, causal=False, block_size=64):
    S_q, S_k = q.shape[-2], k.shape[-2]
    scale = q.shape[-1] ** -0.5
    delta = (do * o).sum(dim=-1, keepdim=True)
    last = torch.arange(S_q, device=q.device)[:, None] + (S_k - S_q)
    dq, dk, dv = torch.zeros_like(q), [], []
    for start in range(0, S_k, block_size):
        kb, vb = k[..., start:start + block_size, :], v[..., start:start + block_size, :]
        s = q @ kb.transpose(-2, -1) * scale
        if causal:
            s = s.masked_fill(torch.arange(start, start + kb.shape[-2], device=q.device) > last, float("-inf"))
        p = torch.exp(s - lse[..., None])
        dv.append(p.transpose(-2, -1) @ do)
        ds = p * (do @ vb.transpose(-2, -1) - delta)
        dq = dq + ds @ kb
        dk.append(ds.transpose(-2, -1) @ q)
    return dq, torch.cat(dk, dim=-2), torch.cat(dv, dim=-2)
