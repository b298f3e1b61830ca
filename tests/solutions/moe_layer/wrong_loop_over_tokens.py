import math

EXPECT = {
    'no loop': '',
}

import torch
import torch.nn.functional as F


def swiglu(h, gate, up, down):
    return (F.silu(h @ gate.T) * (h @ up.T)) @ down.T


def moe_layer(x, router_weight, w_gate, w_up, w_down, k, capacity_factor=None, shared=None):
    T, E = x.shape[0], router_weight.shape[0]
    probs = torch.softmax(x @ router_weight.T, dim=-1)
    weights, experts = probs.topk(k, dim=-1)
    weights = weights / weights.sum(dim=-1, keepdim=True)
    capacity = T * k if capacity_factor is None else math.ceil(capacity_factor * T * k / E)
    out = torch.zeros_like(x)
    for e in range(E):
        token, slot = (experts == e).nonzero(as_tuple=True)
        token, slot = token[:capacity], slot[:capacity]
        for t, s in zip(token.tolist(), slot.tolist()):
            y = swiglu(x[t:t + 1], w_gate[e], w_up[e], w_down[e])
            out = out.index_add(0, token.new_tensor([t]), y * weights[t, s])
    if shared is not None:
        out = out + swiglu(x, *shared)
    return out
