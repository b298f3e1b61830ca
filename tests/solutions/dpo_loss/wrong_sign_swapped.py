import torch.nn.functional as F

EXPECT = {
    'values': 'sign swapped: the loss should push the CHOSEN reward above the rejected one (-logsigmoid(chosen - rejected))',
}


def dpo_loss(pi_chosen, pi_rejected, ref_chosen, ref_rejected, beta=0.1):
    pi_logratios = pi_chosen - pi_rejected
    ref_logratios = ref_chosen - ref_rejected
    loss = -F.logsigmoid(beta * (ref_logratios - pi_logratios)).mean()
    return loss, beta * (pi_chosen - ref_chosen).detach(), beta * (pi_rejected - ref_rejected).detach()
