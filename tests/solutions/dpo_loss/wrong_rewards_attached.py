import torch.nn.functional as F

EXPECT = {
    'rewards detached': 'rewards returned attached to the graph: .detach() them',
}


def dpo_loss(pi_chosen, pi_rejected, ref_chosen, ref_rejected, beta=0.1):
    chosen = beta * (pi_chosen - ref_chosen)
    rejected = beta * (pi_rejected - ref_rejected)
    return -F.logsigmoid(chosen - rejected).mean(), chosen, rejected
