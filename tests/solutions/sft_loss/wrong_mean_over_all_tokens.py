import torch
import torch.nn.functional as F

EXPECT = {
    'values': 'mean over all positions: divide by the number of response tokens, not by every position',
}


def sft_loss(logits, input_ids, prompt_lens, attention_mask):
    B, S, V = logits.shape
    pos = torch.arange(S, device=logits.device)
    mask = ((pos[None, :] >= prompt_lens[:, None]) & attention_mask)[:, 1:]
    nll = F.cross_entropy(logits[:, :-1].reshape(-1, V), input_ids[:, 1:].reshape(-1), reduction="none")
    loss = (nll * mask.reshape(-1)).mean()
    return loss, loss.exp()
