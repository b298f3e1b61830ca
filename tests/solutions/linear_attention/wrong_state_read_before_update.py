import torch
import torch.nn.functional as F

EXPECT = {
    'linear_attention_recurrent: values': "token i's own key and value left out (j < i): its sums run over j <= i, so add them before reading the output",
}


def linear_attention(q, k, v):
    S = q.shape[-2]
    w = (F.elu(q) + 1) @ (F.elu(k) + 1).transpose(-2, -1)
    w = w * torch.ones(S, S, device=q.device).tril()
    return (w @ v) / w.sum(-1, keepdim=True)


def linear_attention_recurrent(q, k, v):
    B, H, S, D = q.shape
    q, k = F.elu(q) + 1, F.elu(k) + 1
    state = q.new_zeros(B, H, D, v.shape[-1])
    z = q.new_zeros(B, H, D)
    out = []
    for t in range(S):
        out.append((q[:, :, t, :, None] * state).sum(-2) / (q[:, :, t] * z).sum(-1, keepdim=True))
        state = state + k[:, :, t, :, None] * v[:, :, t, None, :]
        z = z + k[:, :, t]
    return torch.stack(out, dim=2)
