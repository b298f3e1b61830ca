import math

import torch
import torch.nn.functional as F


def moe_layer(x, router_weight, w_gate, w_up, w_down, k, capacity_factor=None, shared=None):
    """Combine weights as a (T, E) matrix; capacity by a cumulative count per expert column."""
    T, E = x.shape[0], router_weight.shape[0]
    logits = x @ router_weight.t()
    top_logits, idx = logits.topk(k, dim=1)
    w = torch.softmax(top_logits, dim=1)                  # softmax of the top-k logits = renormalised probs
    combine = torch.zeros(T, E, dtype=x.dtype, device=x.device).scatter(1, idx, w)
    chosen = torch.zeros(T, E, dtype=torch.bool, device=x.device).scatter(1, idx, True)
    if capacity_factor is not None:
        cap = math.ceil(capacity_factor * T * k / E)
        rank = chosen.long().cumsum(dim=0)                # 1 for an expert's first token, 2 for its second...
        chosen = chosen & (rank <= cap)
        combine = combine * chosen
    out = x.new_zeros(x.shape)
    for e in range(E):
        rows = chosen[:, e].nonzero().squeeze(1)
        h = x.index_select(0, rows)
        y = F.linear(F.silu(F.linear(h, w_gate[e])) * F.linear(h, w_up[e]), w_down[e])
        out = out.index_add(0, rows, y * combine[rows, e].unsqueeze(1))
    if shared is not None:
        g, u, d = shared
        out = out + F.linear(F.silu(F.linear(x, g)) * F.linear(x, u), d)
    return out
