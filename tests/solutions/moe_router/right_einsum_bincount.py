import torch


def route(x, gate_weight, k):
    T, E = x.shape[0], gate_weight.shape[0]
    logits = torch.einsum("td,ed->te", x, gate_weight)
    logits = logits - logits.max(dim=1, keepdim=True).values
    probs = logits.exp() / logits.exp().sum(dim=1, keepdim=True)
    vals, idx = torch.sort(probs, dim=1, descending=True)
    top, experts = vals[:, :k], idx[:, :k]
    weights = top / top.sum(dim=1, keepdim=True)
    counts = torch.bincount(experts.reshape(-1), minlength=E).to(x.dtype)
    aux_loss = E * torch.dot(counts / (T * k), probs.mean(dim=0))
    return weights, experts, aux_loss
