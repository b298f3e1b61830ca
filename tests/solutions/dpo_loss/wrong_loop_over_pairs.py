import torch
import torch.nn.functional as F

EXPECT = {
    'no loop': '',
}


def dpo_loss(pi_chosen, pi_rejected, ref_chosen, ref_rejected, beta=0.1):
    losses, chosen, rejected = [], [], []
    for i in range(pi_chosen.shape[0]):
        c = beta * (pi_chosen[i] - ref_chosen[i])
        r = beta * (pi_rejected[i] - ref_rejected[i])
        losses.append(-F.logsigmoid(c - r))
        chosen.append(c.detach())
        rejected.append(r.detach())
    return torch.stack(losses).mean(), torch.stack(chosen), torch.stack(rejected)
