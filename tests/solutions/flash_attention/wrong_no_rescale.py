import torch

EXPECT = {
    'values': 'l and acc not rescaled by exp(m - m_new) when the running max changes',
    'block size does not change the result': '',
}


def flash_attention(q, k, v, causal=False, block_size=64):
    B, H, S_q, D = q.shape
    S_k = k.shape[-2]
    m = torch.full((B, H, S_q, 1), float("-inf"), device=q.device, dtype=q.dtype)
    l = torch.zeros((B, H, S_q, 1), device=q.device, dtype=q.dtype)
    o = torch.zeros_like(q)
    row = torch.arange(S_q, device=q.device)[:, None] + S_k - S_q
    for j in range(0, S_k, block_size):
        s = q @ k[..., j:j + block_size, :].transpose(-1, -2) / D ** 0.5
        if causal:
            col = torch.arange(j, j + s.shape[-1], device=q.device)
            s = s.masked_fill(col > row, float("-inf"))
        m = torch.maximum(m, s.amax(-1, keepdim=True))
        p = torch.exp(s - m.masked_fill(m == float("-inf"), 0))
        l = l + p.sum(-1, keepdim=True)               # forgot: what was summed under the old max
        o = o + p @ v[..., j:j + block_size, :]       # must first be multiplied by exp(m_old - m)
    return o / l.masked_fill(l == 0, 1)
