import torch
import torch.nn.functional as F


def sft_loss(logits: torch.Tensor, input_ids: torch.Tensor, prompt_lens: torch.Tensor,
             attention_mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    B, S, V = logits.shape
    positions = torch.arange(S, device=input_ids.device)
    response = (positions >= prompt_lens[:, None]) & attention_mask      # (B, S) tokens the loss counts
    # logits at t predict token t + 1: drop the last logits and the first token
    logits, targets, keep = logits[:, :-1], input_ids[:, 1:], response[:, 1:]
    nll = F.cross_entropy(logits.reshape(-1, V), targets.reshape(-1), reduction="none").view(B, S - 1)
    keep = keep.to(nll.dtype)
    loss = (nll * keep).sum() / keep.sum()              # one mean over every response token of the batch
    return loss, loss.exp()
