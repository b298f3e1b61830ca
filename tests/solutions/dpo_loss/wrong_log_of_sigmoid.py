import torch

EXPECT = {
    'gradients': '-log(sigmoid(z)) underflows: sigmoid(z) is 0 for very negative z and log(0) = -inf; use F.logsigmoid',
    'extreme inputs': '-log(sigmoid(z)) underflows: sigmoid(z) is 0 for very negative z and log(0) = -inf; use F.logsigmoid',
}


def dpo_loss(pi_chosen, pi_rejected, ref_chosen, ref_rejected, beta=0.1):
    chosen_reward = beta * (pi_chosen - ref_chosen)
    rejected_reward = beta * (pi_rejected - ref_rejected)
    loss = -torch.log(torch.sigmoid(chosen_reward - rejected_reward)).mean()
    return loss, chosen_reward.detach(), rejected_reward.detach()
