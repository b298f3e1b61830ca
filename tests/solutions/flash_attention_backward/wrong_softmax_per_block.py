import torch

EXPECT = {
    'values': "P recomputed with a softmax over each block of keys instead of exp(S - lse) with the saved lse: a block's softmax is normalised over that block only",
    'block size does not change the result': '',
    'dK sums to zero over the keys': '',
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
        e = torch.exp(s - s.amax(dim=-1, keepdim=True))
        p = e / e.sum(dim=-1, keepdim=True)                    # normalised over this block only
        dv.append(p.transpose(-2, -1) @ do)
        ds = p * (do @ vb.transpose(-2, -1) - delta)
        dq = dq + ds @ kb * scale
        dk.append(ds.transpose(-2, -1) @ q * scale)
    return dq, torch.cat(dk, dim=-2), torch.cat(dv, dim=-2)
