import torch

EXPECT = {
    'values': 'causal mask missing in the backward: future keys get P = exp(s - lse) > 0',
    'dK sums to zero over the keys': '',
}


def flash_attention_backward(q, k, v, o, do, lse, causal=False, block_size=64):
    S_q, S_k = q.shape[-2], k.shape[-2]
    scale = q.shape[-1] ** -0.5
    delta = (do * o).sum(dim=-1, keepdim=True)
    dq, dk, dv = torch.zeros_like(q), [], []
    for start in range(0, S_k, block_size):
        kb, vb = k[..., start:start + block_size, :], v[..., start:start + block_size, :]
        s = q @ kb.transpose(-2, -1) * scale
        p = torch.exp(s - lse[..., None])
        dv.append(p.transpose(-2, -1) @ do)
        ds = p * (do @ vb.transpose(-2, -1) - delta)
        dq = dq + ds @ kb * scale
        dk.append(ds.transpose(-2, -1) @ q * scale)
    return dq, torch.cat(dk, dim=-2), torch.cat(dv, dim=-2)
