import torch
import torch.nn.functional as F

EXPECT = {
    'linear_attention_recurrent: work': 'each step reads the whole prefix again (phi(q_t) against every phi(k_j), j <= t): quadratic in S; read token t\'s output from the carried S and z',
}


def linear_attention(q, k, v):
    S = q.shape[-2]
    w = (F.elu(q) + 1) @ (F.elu(k) + 1).transpose(-2, -1)
    w = w * torch.ones(S, S, device=q.device).tril()
    return (w @ v) / w.sum(-1, keepdim=True)


def linear_attention_recurrent(q, k, v):
    # a loop over the tokens, but each one attends over its whole prefix again: no state is carried
    q, k = F.elu(q) + 1, F.elu(k) + 1
    out = []
    for t in range(q.shape[2]):
        w = (k[:, :, :t + 1] * q[:, :, t, None]).sum(-1)               # (B, H, t + 1)
        out.append((w[..., None] * v[:, :, :t + 1]).sum(2) / w.sum(-1, keepdim=True))
    return torch.stack(out, dim=2)
