import math

import torch
import torch.nn.functional as F


def moe_layer(x, router_weight, w_gate, w_up, w_down, k, capacity_factor=None, shared=None):
    """In float64 throughout; dense: each expert runs once on all tokens, weighted by a (T, E) matrix that
    is zero where the token was not routed to it or was dropped."""
    h = x.double()
    T, E = h.shape[0], router_weight.shape[0]
    probs = F.softmax(h @ router_weight.double().T, dim=-1)             # (T, E)
    top, idx = probs.topk(k, dim=-1)
    combine = torch.zeros_like(probs).scatter(1, idx, top / top.sum(-1, keepdim=True))
    routed = torch.zeros_like(probs, dtype=torch.bool).scatter(1, idx, True)
    if capacity_factor is not None:
        place = routed.cumsum(0)                                         # the token's place in its expert's queue
        routed = routed & (place <= math.ceil(capacity_factor * T * k / E))
        combine = combine * routed
    out = torch.zeros_like(h)
    for e in range(E):                                                  # every expert on every token, weighted
        y = (F.silu(h @ w_gate[e].double().T) * (h @ w_up[e].double().T)) @ w_down[e].double().T
        out = out + combine[:, e, None] * y                             # weight 0: not routed, or dropped
    if shared is not None:
        g, u, d = (w.double() for w in shared)
        out = out + (F.silu(h @ g.T) * (h @ u.T)) @ d.T
    return out.to(x.dtype)
