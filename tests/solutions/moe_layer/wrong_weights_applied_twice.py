import math

EXPECT = {
    'values': "combine weights applied twice (on the expert's input and its output, or squared): weight each kept (token, expert) output exactly once",
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
        w = weights[token, slot, None]
        y = swiglu(x[token] * w, w_gate[e], w_up[e], w_down[e])          # weighted going in...
        out = out.index_add(0, token, y * w)                              # ...and coming out
    if shared is not None:
        out = out + swiglu(x, *shared)
    return out
