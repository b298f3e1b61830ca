import torch
import torch.nn.functional as F


def route(x, gate_weight, k):
    E = gate_weight.shape[0]
    logits = F.linear(x, gate_weight)
    # softmax is monotonic: the top-k logits are the top-k probabilities, and a softmax over
    # just those k logits is the renormalised weights
    top_logits, experts = logits.topk(k, dim=-1)
    weights = F.softmax(top_logits, dim=-1)
    probs = F.softmax(logits, dim=-1)
    # Mixtral-style counting: one-hot of each choice, fraction of tokens per expert, / k
    one_hot = (experts.unsqueeze(-1) == torch.arange(E, device=x.device)).to(x.dtype)   # (T, k, E)
    tokens_per_expert = one_hot.sum(1).mean(0) / k
    router_prob_per_expert = probs.mean(0)
    aux_loss = (tokens_per_expert * router_prob_per_expert).sum() * E
    return weights, experts, aux_loss
