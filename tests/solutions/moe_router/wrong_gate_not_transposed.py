import torch

EXPECT = {
    'runs': 'router logits must be x @ gate_weight.T: gate_weight is (E, d), one row per expert',
}


def route(x, gate_weight, k):
    E = gate_weight.shape[0]
    probs = torch.softmax(x @ gate_weight, dim=-1)              # gate_weight is (E, d): it needs a .T
    top, experts = probs.topk(k, dim=-1)
    weights = top / top.sum(-1, keepdim=True)
    f = torch.zeros_like(probs).scatter(-1, experts, 1.0).mean(0) / k
    return weights, experts, E * (f * probs.mean(0)).sum()
