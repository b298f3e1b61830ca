import torch

EXPECT = {"check": "extreme inputs", "mistake": "log(softmax(x))"}


def softmax(x):
    e = torch.exp(x - x.max(dim=-1, keepdim=True).values)
    return e / e.sum(dim=-1, keepdim=True)


def kl_divergence(p_logits, q_logits):
    p, q = softmax(p_logits), softmax(q_logits)
    return (p * torch.log(p / q)).sum(dim=-1)
