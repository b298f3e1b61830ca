import torch
import torch.nn.functional as F

EXPECT = {
    'banned calls': '',
}


def kl_divergence(p_logits, q_logits):
    log_p = F.log_softmax(p_logits, dim=-1)
    log_q = F.log_softmax(q_logits, dim=-1)
    return F.kl_div(log_q, log_p, log_target=True, reduction="none").sum(-1)
