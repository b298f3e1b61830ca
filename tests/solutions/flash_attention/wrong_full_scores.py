import torch

EXPECT = {
    'memory': 'more than one block of scores held at once (the whole (S_q, S_k) score matrix, or blocks wider than block_size): only one (B, H, S_q, block_size) block may exist at a time',
}


def flash_attention(q, k, v, causal=False, block_size=64):
    """Right values, but the whole (B, H, S_q, S_k) score matrix is built: not FlashAttention."""
    S_q, S_k = q.shape[-2], k.shape[-2]
    s = q @ k.transpose(-2, -1) / q.shape[-1] ** 0.5
    if causal:
        mask = torch.ones(S_q, S_k, dtype=torch.bool, device=q.device).tril(S_k - S_q)
        s = s.masked_fill(~mask, float("-inf"))
    m = s.amax(-1, keepdim=True).nan_to_num(neginf=0.0)
    p = (s - m).exp()
    return (p @ v) / p.sum(-1, keepdim=True).clamp_min(1e-30)
