import torch

EXPECT = {
    'memory': 'more than one block of scores held at once (the whole (S_q, S_k) score matrix, or a softmax over all keys recomputed instead of using the saved lse): only one (B, H, S_q, block_size) block may exist at a time',
}


def flash_attention_backward(q, k, v, o, do, lse, causal=False, block_size=64):
    S_q, S_k = q.shape[-2], k.shape[-2]
    scale = q.shape[-1] ** -0.5
    s = q @ k.transpose(-2, -1) * scale                            # all the scores at once
    if causal:
        keep = torch.ones(S_q, S_k, dtype=torch.bool, device=q.device).tril(S_k - S_q)
        s = s.masked_fill(~keep, float("-inf"))
    p = torch.exp(s - lse[..., None])
    dv = p.transpose(-2, -1) @ do
    ds = p * (do @ v.transpose(-2, -1) - (do * o).sum(-1, keepdim=True))
    return ds @ k * scale, ds.transpose(-2, -1) @ q * scale, dv
