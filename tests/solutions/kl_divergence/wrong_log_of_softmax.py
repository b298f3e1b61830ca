import torch

EXPECT = {
    'values': 'log(softmax(x)) instead of log-softmax: probabilities that underflow to 0 give log(0) = -inf (and 0 · -inf = NaN); use x - logsumexp(x)',
}


def softmax(x):
    e = torch.exp(x - x.max(dim=-1, keepdim=True).values)
    return e / e.sum(dim=-1, keepdim=True)


def kl_divergence(p_logits, q_logits):
    p, q = softmax(p_logits), softmax(q_logits)
    return (p * torch.log(p / q)).sum(dim=-1)
