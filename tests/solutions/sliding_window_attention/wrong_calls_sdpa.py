import torch
import torch.nn.functional as F

EXPECT = {
    'banned calls': '',
}


def sliding_window_attention(q, k, v, window):
    S_q, S_k = q.shape[-2], k.shape[-2]
    pos = torch.arange(S_q, device=q.device)[:, None] + S_k - S_q
    j = torch.arange(S_k, device=q.device)[None, :]
    return F.scaled_dot_product_attention(q, k, v, attn_mask=(j <= pos) & (j > pos - window))
