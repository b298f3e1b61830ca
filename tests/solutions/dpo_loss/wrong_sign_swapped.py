import torch.nn.functional as F

EXPECT = {"check": "values", "mistake": "sign swapped"}


def dpo_loss(pi_chosen, pi_rejected, ref_chosen, ref_rejected, beta=0.1):
    pi_logratios = pi_chosen - pi_rejected
    ref_logratios = ref_chosen - ref_rejected
    loss = -F.logsigmoid(beta * (ref_logratios - pi_logratios)).mean()
    return loss, beta * (pi_chosen - ref_chosen).detach(), beta * (pi_rejected - ref_rejected).detach()
