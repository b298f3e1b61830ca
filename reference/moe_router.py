import torch


def route(x: torch.Tensor, gate_weight: torch.Tensor, k: int) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    E = gate_weight.shape[0]
    logits = x @ gate_weight.T                           # (T, E) one score per token and expert
    # softmax over the experts (dim -1), stabilised by the row max
    z = (logits - logits.amax(dim=-1, keepdim=True)).exp()
    probs = z / z.sum(dim=-1, keepdim=True)              # (T, E)
    top, experts = probs.topk(k, dim=-1)                 # (T, k) each, largest first
    weights = top / top.sum(dim=-1, keepdim=True)        # renormalised over the k chosen
    # load balancing: f_e = share of the T*k routing slots that went to e (no gradient, counts)
    chosen = torch.zeros_like(probs).scatter_(-1, experts, 1.0)     # (T, E) 1 where e was picked
    f = chosen.mean(dim=0) / k                           # (E,) sums to 1
    P = probs.mean(dim=0)                                # (E,) mean router probability: differentiable
    aux_loss = E * (f * P).sum()
    return weights, experts, aux_loss
