import math

import torch

EXPECT = {
    'no loop': '',
}


def sliding_window_attention(q, k, v, window):
    S_q, S_k = q.shape[-2], k.shape[-2]
    outs = []
    for i in range(S_q):
        p = i + S_k - S_q
        lo = max(0, p - window + 1)
        if p < 0:
            outs.append(torch.zeros_like(q[..., i, :]))
            continue
        s = q[..., i:i + 1, :] @ k[..., lo:p + 1, :].transpose(-2, -1) / math.sqrt(q.shape[-1])
        outs.append((torch.softmax(s, dim=-1) @ v[..., lo:p + 1, :])[..., 0, :])
    return torch.stack(outs, dim=-2)
