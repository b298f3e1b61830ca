import torch
import torch.nn.functional as F

EXPECT = {
    'linear_attention: values': 'sums not causal: token i may use only the keys and values j <= i (cumulative sums, or a lower-triangular mask, in the numerator and in the normaliser)',
    'linear_attention: causality': '',
}


def linear_attention(q, k, v):
    q, k = F.elu(q) + 1, F.elu(k) + 1
    kv = k.transpose(-2, -1) @ v                        # (B, H, D, D_v): a sum over every token
    z = k.sum(dim=-2)                                   # (B, H, D)
    return (q @ kv) / (q * z[:, :, None, :]).sum(-1, keepdim=True)


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
