import math

import torch
import torch.nn.functional as F


def sliding_window_attention(q, k, v, window):
    """Each query gathers only its own `window` keys (unfold), so the work is S_q × window, not S_q × S_k."""
    S_q, S_k, D = q.shape[-2], k.shape[-2], q.shape[-1]
    w = min(window, S_k)
    pad = w - 1 + max(0, S_q - S_k)                          # room before key 0 for every query's window
    k_p = F.pad(k, (0, 0, pad, 0))                           # (B, H, pad + S_k, D)
    v_p = F.pad(v, (0, 0, pad, 0))
    k_w = k_p.unfold(2, w, 1)[..., -S_q:, :, :]              # (B, H, S_q, D, w): keys p-w+1 .. p
    v_w = v_p.unfold(2, w, 1)[..., -S_q:, :, :]
    scores = torch.einsum("bhqd,bhqdw->bhqw", q, k_w) / math.sqrt(D)
    key_pos = torch.arange(S_q, device=q.device)[:, None] + (S_k - S_q) - (w - 1) + \
        torch.arange(w, device=q.device)[None, :]            # (S_q, w): which key each slot holds
    scores = scores.masked_fill(key_pos < 0, float("-inf"))   # slots before key 0 are padding
    weights = torch.softmax(scores, dim=-1)
    return torch.einsum("bhqw,bhqdw->bhqd", weights, v_w)
