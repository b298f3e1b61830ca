import torch
import torch.nn.functional as F

EXPECT = {
    'values': 'f_e not divided by k: f_e is the share of the T*k routing slots, summing to 1',
    'a uniform router has aux loss 1': 'f_e not divided by k: f_e is the share of the T*k routing slots, summing to 1',
}


def route(x, gate_weight, k):
    E = gate_weight.shape[0]
    probs = F.softmax(x @ gate_weight.T, dim=-1)
    top, experts = probs.topk(k, dim=-1)
    weights = top / top.sum(-1, keepdim=True)
    # as in HF's Mixtral load_balancing_loss_func: the fraction of tokens per expert, not of the T*k slots
    tokens_per_expert = F.one_hot(experts, E).to(x.dtype).sum(1).mean(0)
    return weights, experts, E * (tokens_per_expert * probs.mean(0)).sum()
