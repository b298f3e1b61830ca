import torch


def attention(q, k, v, mask=None, causal=False):
    S_q, S_k, D = q.shape[-2], k.shape[-2], q.shape[-1]
    bias = torch.zeros(S_q, S_k, dtype=q.dtype, device=q.device)
    if causal:
        i = torch.arange(S_q, device=q.device)[:, None]
        j = torch.arange(S_k, device=q.device)[None, :]
        bias = bias.masked_fill(j > i + (S_k - S_q), float("-inf"))
    if mask is not None:
        bias = bias.masked_fill(mask.logical_not(), float("-inf"))
    q = q * D ** -0.5          # scale before the product
    attn = torch.softmax(q @ k.mT + bias, dim=-1)
    return attn @ v
