import torch

EXPECT = {
    'extreme inputs': 'online softmax without subtracting the running max (exp overflows)',
}


def flash_attention(q, k, v, causal=False, block_size=64):
    """Sums exp(s) directly: no running max is needed to combine blocks... until exp overflows."""
    S_q, S_k, D = q.shape[-2], k.shape[-2], q.shape[-1]
    l = torch.zeros_like(q[..., :1])
    acc = torch.zeros_like(q)
    last = torch.arange(S_q, device=q.device)[:, None] + S_k - S_q
    for start in range(0, S_k, block_size):
        s = q @ k[..., start:start + block_size, :].transpose(-2, -1) / D ** 0.5
        p = s.exp()
        if causal:
            cols = torch.arange(start, start + s.shape[-1], device=q.device)
            p = p.masked_fill(cols > last, 0.0)
        l = l + p.sum(-1, keepdim=True)
        acc = acc + p @ v[..., start:start + block_size, :]
    return acc / l.masked_fill(l == 0, 1.0)
