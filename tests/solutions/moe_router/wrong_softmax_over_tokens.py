import torch

EXPECT = {
    'values': 'softmax over the tokens (dim 0) instead of over the experts (dim -1)',
    'a uniform router has aux loss 1': '',
}


def route(x, gate_weight, k):
    E = gate_weight.shape[0]
    logits = x @ gate_weight.T
    probs = torch.softmax(logits, dim=0)
    top, experts = torch.topk(probs, k, dim=1)
    weights = top / top.sum(dim=1, keepdim=True)
    mask = torch.zeros_like(probs).scatter(1, experts, 1.0)
    f = mask.sum(0) / (x.shape[0] * k)
    return weights, experts, E * torch.sum(f * probs.mean(0))
