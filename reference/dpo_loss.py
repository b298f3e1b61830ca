import torch
import torch.nn.functional as F


def dpo_loss(pi_chosen: torch.Tensor, pi_rejected: torch.Tensor, ref_chosen: torch.Tensor,
             ref_rejected: torch.Tensor, beta: float = 0.1) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    chosen = beta * (pi_chosen - ref_chosen)           # (B,) implicit rewards: beta * log(pi / ref)
    rejected = beta * (pi_rejected - ref_rejected)     # (B,)
    # logsigmoid, not log(sigmoid()): sigmoid underflows to 0 for margins in the hundreds
    loss = -F.logsigmoid(chosen - rejected).mean()
    return loss, chosen.detach(), rejected.detach()    # rewards are for logging, not trained
