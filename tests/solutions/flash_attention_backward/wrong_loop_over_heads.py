import torch

EXPECT = {
    'no loop': '',
}


def flash_attention_backward(q, k, v, o, do, lse, causal=False, block_size=64):
    S_q, S_k = q.shape[-2], k.shape[-2]
    scale = q.shape[-1] ** -0.5
    last = torch.arange(S_q, device=q.device)[:, None] + (S_k - S_q)
    dqs, dks, dvs = [], [], []
    for h in range(q.shape[1]):                                    # one head at a time
        qh, kh, vh, oh, doh, lh = q[:, h], k[:, h], v[:, h], o[:, h], do[:, h], lse[:, h, :, None]
        delta = (doh * oh).sum(-1, keepdim=True)
        dq, dk, dv = torch.zeros_like(qh), [], []
        for start in range(0, S_k, block_size):
            kb, vb = kh[:, start:start + block_size], vh[:, start:start + block_size]
            s = qh @ kb.transpose(-2, -1) * scale
            if causal:
                s = s.masked_fill(torch.arange(start, start + kb.shape[-2], device=q.device) > last, float("-inf"))
            p = torch.exp(s - lh)
            dv.append(p.transpose(-2, -1) @ doh)
            ds = p * (doh @ vb.transpose(-2, -1) - delta)
            dq = dq + ds @ kb * scale
            dk.append(ds.transpose(-2, -1) @ qh * scale)
        dqs.append(dq)
        dks.append(torch.cat(dk, -2))
        dvs.append(torch.cat(dv, -2))
    return torch.stack(dqs, 1), torch.stack(dks, 1), torch.stack(dvs, 1)
