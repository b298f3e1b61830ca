import math

import torch


def silu(z):
    return z * torch.sigmoid(z)


def moe_layer(x, router_weight, w_gate, w_up, w_down, k, capacity_factor=None, shared=None):
    """Dispatch by sorting the T*k assignments by expert (stable, so token order survives)."""
    T, E = x.shape[0], router_weight.shape[0]
    probs = (x @ router_weight.T).softmax(-1)
    top_w, top_e = torch.topk(probs, k)
    top_w = top_w / top_w.sum(dim=1, keepdim=True)
    flat_e = top_e.reshape(-1)                            # assignment i = token i // k, choice i % k
    flat_w = top_w.reshape(-1)
    flat_t = torch.arange(T, device=x.device).repeat_interleave(k)
    order = torch.sort(flat_e, stable=True).indices       # grouped by expert, token order within a group
    flat_e, flat_w, flat_t = flat_e[order], flat_w[order], flat_t[order]
    counts = torch.bincount(flat_e, minlength=E)
    starts = counts.cumsum(0) - counts
    rank = torch.arange(flat_e.numel(), device=x.device) - starts[flat_e]
    if capacity_factor is not None:
        keep = rank < math.ceil(capacity_factor * T * k / E)
        flat_e, flat_w, flat_t = flat_e[keep], flat_w[keep], flat_t[keep]
    out = torch.zeros_like(x)
    for e in range(E):
        sel = flat_e == e
        h = x[flat_t[sel]]
        y = (silu(h @ w_gate[e].T) * (h @ w_up[e].T)) @ w_down[e].T
        out = out.index_add(0, flat_t[sel], y * flat_w[sel].unsqueeze(-1))
    if shared is not None:
        out = out + (silu(x @ shared[0].T) * (x @ shared[1].T)) @ shared[2].T
    return out
