import torch
import torch.nn.functional as F

EXPECT = {
    'banned calls': '',
}


def attention(q, k, v, mask=None, causal=False):
    S_q, S_k = q.shape[-2], k.shape[-2]
    keep = torch.ones(S_q, S_k, dtype=torch.bool, device=q.device)
    if causal:
        keep = keep.tril(S_k - S_q)
    if mask is not None:
        keep = keep & mask
    return F.scaled_dot_product_attention(q, k, v, attn_mask=keep)
