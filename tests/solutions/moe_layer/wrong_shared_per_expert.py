import math

EXPECT = {
    'values': 'shared expert added once per routed expert: add it once per token, outside the loop over experts',
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
        y = swiglu(x[token], w_gate[e], w_up[e], w_down[e])
        if shared is not None:
            y = y + swiglu(x[token], *shared) / weights[token, slot, None]     # the shared one rides along
        out = out.index_add(0, token, y * weights[token, slot, None])
    return out
