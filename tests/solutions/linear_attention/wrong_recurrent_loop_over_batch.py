import torch
import torch.nn.functional as F

EXPECT = {
    'linear_attention_recurrent: no loop': '',
}


def linear_attention(q, k, v):
    S = q.shape[-2]
    w = (F.elu(q) + 1) @ (F.elu(k) + 1).transpose(-2, -1)
    w = w * torch.ones(S, S, device=q.device).tril()
    return (w @ v) / w.sum(-1, keepdim=True)


def linear_attention_recurrent(q, k, v):
    B, H, S, D = q.shape
    q, k = F.elu(q) + 1, F.elu(k) + 1
    outs = []
    for b in range(B):                                  # one sequence at a time
        state, z, out = q.new_zeros(H, D, v.shape[-1]), q.new_zeros(H, D), []
        for t in range(S):
            state = state + k[b, :, t, :, None] * v[b, :, t, None, :]
            z = z + k[b, :, t]
            out.append((q[b, :, t, :, None] * state).sum(-2) / (q[b, :, t] * z).sum(-1, keepdim=True))
        outs.append(torch.stack(out, dim=1))
    return torch.stack(outs)
