import torch
import torch.nn.functional as F

EXPECT = {
    'linear_attention: no loop': '',
}


def linear_attention(q, k, v):
    q, k = F.elu(q) + 1, F.elu(k) + 1
    out = []
    for i in range(q.shape[-2]):                        # token by token: the recurrent form again
        w = q[..., i:i + 1, :] @ k[..., : i + 1, :].transpose(-2, -1)
        out.append((w @ v[..., : i + 1, :]) / w.sum(-1, keepdim=True))
    return torch.cat(out, dim=-2)


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
