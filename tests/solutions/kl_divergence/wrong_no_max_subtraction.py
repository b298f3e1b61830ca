import torch

EXPECT = {
    'values': "log-softmax without subtracting the max: exp overflows to inf for large logits and underflows to 0 (log(0) = -inf) when a row's logits are all very negative",
    'KL(p ‖ p) = 0': '',
    'shift invariance': '',
}


def kl_divergence(p_logits, q_logits):
    log_p = p_logits - torch.log(torch.exp(p_logits).sum(dim=-1, keepdim=True))
    log_q = q_logits - torch.log(torch.exp(q_logits).sum(dim=-1, keepdim=True))
    return (torch.exp(log_p) * (log_p - log_q)).sum(dim=-1)
