import torch
import torch.nn.functional as F

EXPECT = {
    'linear_attention: values': 'feature map missing: q and k go through phi(x) = elu(x) + 1, so every weight is positive',
}


def linear_attention(q, k, v):
    S = q.shape[-2]
    w = q @ k.transpose(-2, -1)
    w = w * torch.ones(S, S, device=q.device).tril()
    return (w @ v) / w.sum(-1, keepdim=True)


def linear_attention_recurrent(q, k, v):
    B, H, S, D = q.shape
    q, k = F.elu(q) + 1, F.elu(k) + 1
    state = q.new_zeros(B, H, D, v.shape[-1])
    z = q.new_zeros(B, H, D)
    out = []
    for t in range(S):
        state = state + k[:, :, t, :, None] * v[:, :, t, None, :]
        z = z + k[:, :, t]
        out.append((q[:, :, t, :, None] * state).sum(-2) / (q[:, :, t] * z).sum(-1, keepdim=True))
    return torch.stack(out, dim=2)
