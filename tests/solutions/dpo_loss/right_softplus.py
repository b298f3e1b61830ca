import torch
import torch.nn.functional as F


def dpo_loss(pi_chosen, pi_rejected, ref_chosen, ref_rejected, beta=0.1):
    # TRL's form: the difference of the two log-ratios, then -log sigmoid(z) = softplus(-z)
    pi_logratios = pi_chosen - pi_rejected
    ref_logratios = ref_chosen - ref_rejected
    logits = pi_logratios - ref_logratios
    loss = F.softplus(-beta * logits).mean()
    with torch.no_grad():
        chosen = beta * (pi_chosen - ref_chosen)
        rejected = beta * (pi_rejected - ref_rejected)
    return loss, chosen, rejected
