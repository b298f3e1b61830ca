import torch

EXPECT = {
    'values': 'aux loss without the factor E (the number of experts)',
    'a uniform router has aux loss 1': 'aux loss without the factor E (the number of experts)',
}


def route(x, gate_weight, k):
    probs = torch.softmax(x @ gate_weight.T, dim=-1)
    top, experts = torch.topk(probs, k, dim=-1)
    weights = top / top.sum(dim=-1, keepdim=True)
    mask = torch.zeros_like(probs).scatter(1, experts, 1.0)
    f = mask.mean(0) / k
    return weights, experts, (f * probs.mean(0)).sum()
