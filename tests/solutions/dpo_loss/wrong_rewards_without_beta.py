import torch.nn.functional as F

EXPECT = {
    'values': 'beta missing in the rewards: chosen_reward = beta * (pi_chosen - ref_chosen)',
}


def dpo_loss(pi_chosen, pi_rejected, ref_chosen, ref_rejected, beta=0.1):
    chosen = pi_chosen - ref_chosen
    rejected = pi_rejected - ref_rejected
    loss = -F.logsigmoid(beta * (chosen - rejected)).mean()
    return loss, chosen.detach(), rejected.detach()
