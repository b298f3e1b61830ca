import torch
import torch.nn.functional as F


def reward_model_loss(r_chosen: torch.Tensor, r_rejected: torch.Tensor,
                      margin: torch.Tensor | None = None) -> torch.Tensor:
    gap = r_chosen - r_rejected                          # (B,) Bradley–Terry logit of "chosen wins"
    if margin is not None:
        gap = gap - margin                               # ask for a gap of at least the margin
    return -F.logsigmoid(gap).mean()                     # logsigmoid: no log(0) for large gaps
