import torch

EXPECT = {
    'no loop': '',
}


def kl_divergence(p_logits, q_logits):
    out = []
    for p_row, q_row in zip(p_logits, q_logits):          # one row at a time
        log_p = p_row - torch.logsumexp(p_row, dim=0)
        log_q = q_row - torch.logsumexp(q_row, dim=0)
        out.append((log_p.exp() * (log_p - log_q)).sum())
    return torch.stack(out)
