import torch

EXPECT = {"check": "values", "mistake": "without the factor E"}


def route(x, gate_weight, k):
    probs = torch.softmax(x @ gate_weight.T, dim=-1)
    top, experts = torch.topk(probs, k, dim=-1)
    weights = top / top.sum(dim=-1, keepdim=True)
    mask = torch.zeros_like(probs).scatter(1, experts, 1.0)
    f = mask.mean(0) / k
    return weights, experts, (f * probs.mean(0)).sum()
