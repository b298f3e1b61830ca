import torch

EXPECT = {
    'values': 'weights not renormalised over the k chosen experts (renormalising all E probabilities before top-k changes nothing)',
    'weights sum to 1 over the k chosen': '',
}


def route(x, gate_weight, k):
    E = gate_weight.shape[0]
    probs = torch.softmax(x @ gate_weight.T, dim=-1)
    weights, experts = torch.topk(probs, k, dim=-1)
    mask = torch.zeros_like(probs).scatter(1, experts, 1.0)
    f = mask.sum(0) / (x.shape[0] * k)
    P = probs.mean(0)
    return weights, experts, E * torch.sum(f * P)
