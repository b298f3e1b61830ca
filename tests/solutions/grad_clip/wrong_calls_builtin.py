import torch

EXPECT = {"check": "banned calls"}


def clip_grad_norm(grads, max_norm, eps=1e-6):
    params = []
    for g in grads:
        p = torch.nn.Parameter(torch.empty_like(g))
        p.grad = g
        params.append(p)
    return torch.nn.utils.clip_grad_norm_(params, max_norm)
