import torch

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
}


def route(x, gate_weight, k):
    T, E = x.shape[0], gate_weight.shape[0]
    probs = torch.softmax(x @ gate_weight.T, dim=-1)
    top, experts = torch.topk(probs, k, dim=-1)
    weights = top / top.sum(dim=-1, keepdim=True)
    counts = torch.zeros(E)
    counts.scatter_add_(0, experts.flatten(), torch.ones(T * k))
    f = counts / (T * k)
    return weights, experts, E * (f * probs.mean(0)).sum()
