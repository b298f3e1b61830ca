import torch

EXPECT = {
    'gradients': 'log-sum-exp without subtracting the max: exp(1 / τ) overflows for small τ; use F.cross_entropy or log_softmax',
    'extreme inputs': 'log-sum-exp without subtracting the max: exp(1 / τ) overflows for small τ; use F.cross_entropy or log_softmax',
}


def infonce_loss(a, b, temperature=0.07):
    a = a / a.norm(dim=1, keepdim=True)
    b = b / b.norm(dim=1, keepdim=True)
    logits = a @ b.T / temperature
    e = logits.exp()
    pos = logits.diagonal()
    loss_a = (e.sum(dim=1).log() - pos).mean()
    loss_b = (e.sum(dim=0).log() - pos).mean()
    return (loss_a + loss_b) / 2
