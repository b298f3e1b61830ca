import torch
import torch.nn.functional as F

EXPECT = {
    'values': 'mean of per-sequence means: the loss is one mean over every response token of the batch',
}


def sft_loss(logits, input_ids, prompt_lens, attention_mask):
    B, S, V = logits.shape
    pos = torch.arange(S, device=logits.device)
    mask = ((pos[None, :] >= prompt_lens[:, None]) & attention_mask)[:, 1:].to(logits.dtype)
    nll = F.cross_entropy(logits[:, :-1].reshape(-1, V), input_ids[:, 1:].reshape(-1), reduction="none").view(B, S - 1)
    per_sequence = (nll * mask).sum(dim=1) / mask.sum(dim=1).clamp(min=1)
    loss = per_sequence.mean()
    return loss, loss.exp()
