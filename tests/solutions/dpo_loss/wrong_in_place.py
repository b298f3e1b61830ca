import torch.nn.functional as F

EXPECT = {
    'inputs unchanged': 'an input modified in place: work on new tensors',
}


def dpo_loss(pi_chosen, pi_rejected, ref_chosen, ref_rejected, beta=0.1):
    chosen = beta * (pi_chosen - ref_chosen)
    rejected = beta * (pi_rejected - ref_rejected)
    ref_logratios = ref_chosen.sub_(ref_rejected)      # the reference is frozen anyway: no new tensor
    logits = (pi_chosen - pi_rejected) - ref_logratios
    return -F.logsigmoid(beta * logits).mean(), chosen.detach(), rejected.detach()
