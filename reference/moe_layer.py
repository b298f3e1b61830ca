import math

import torch
import torch.nn.functional as F


def _expert(x: torch.Tensor, w_gate: torch.Tensor, w_up: torch.Tensor, w_down: torch.Tensor) -> torch.Tensor:
    return (F.silu(x @ w_gate.T) * (x @ w_up.T)) @ w_down.T         # a SwiGLU FFN


def moe_layer(x: torch.Tensor, router_weight: torch.Tensor, w_gate: torch.Tensor, w_up: torch.Tensor,
              w_down: torch.Tensor, k: int, capacity_factor: float | None = None,
              shared: tuple[torch.Tensor, torch.Tensor, torch.Tensor] | None = None) -> torch.Tensor:
    T, E = x.shape[0], router_weight.shape[0]
    probs = torch.softmax(x @ router_weight.T, dim=-1)              # (T, E)
    weights, experts = probs.topk(k, dim=-1)                        # (T, k), largest first
    weights = weights / weights.sum(dim=-1, keepdim=True)           # renormalised over the k chosen
    capacity = T * k if capacity_factor is None else math.ceil(capacity_factor * T * k / E)
    out = torch.zeros_like(x)
    for e in range(E):                                              # a loop over experts, not tokens
        token, slot = (experts == e).nonzero(as_tuple=True)         # its tokens, in token order
        token, slot = token[:capacity], slot[:capacity]             # the ones past capacity are dropped
        y = _expert(x[token], w_gate[e], w_up[e], w_down[e])
        out = out.index_add(0, token, y * weights[token, slot, None])
    if shared is not None:
        out = out + _expert(x, *shared)                              # every token, unweighted
    return out
