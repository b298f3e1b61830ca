import torch
import torch.nn.functional as F

EXPECT = {
    'linear_attention_recurrent: memory': 'an intermediate larger than the output or the state: the (S, S) weights, or the S states (B, H, S, D, D_v) at once; the recurrent form keeps one (B, H, D, D_v) state',
}


def linear_attention(q, k, v):
    S = q.shape[-2]
    w = (F.elu(q) + 1) @ (F.elu(k) + 1).transpose(-2, -1)
    w = w * torch.ones(S, S, device=q.device).tril()
    return (w @ v) / w.sum(-1, keepdim=True)


def linear_attention_recurrent(q, k, v):
    q, k = F.elu(q) + 1, F.elu(k) + 1
    states = torch.cumsum(k[..., :, None] * v[..., None, :], dim=2)     # (B, H, S, D, D_v): all of them
    z = torch.cumsum(k, dim=2)
    return (q[..., :, None] * states).sum(-2) / (q * z).sum(-1, keepdim=True)
