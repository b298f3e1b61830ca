import torch

EXPECT = {"check": "values", "mistake": "softmax over the tokens"}


def route(x, gate_weight, k):
    E = gate_weight.shape[0]
    logits = x @ gate_weight.T
    probs = torch.softmax(logits, dim=0)
    top, experts = torch.topk(probs, k, dim=1)
    weights = top / top.sum(dim=1, keepdim=True)
    mask = torch.zeros_like(probs).scatter(1, experts, 1.0)
    f = mask.sum(0) / (x.shape[0] * k)
    return weights, experts, E * torch.sum(f * probs.mean(0))
