import torch
import torch.nn.functional as F

EXPECT = {
    'values': 'no shift: the logits at position t predict the token at t + 1 (logits[:, :-1] against input_ids[:, 1:])',
    'prompt and padding are ignored': '',
}


def sft_loss(logits, input_ids, prompt_lens, attention_mask):
    B, S, V = logits.shape
    pos = torch.arange(S, device=logits.device)
    mask = (pos[None, :] >= prompt_lens[:, None]) & attention_mask
    nll = F.cross_entropy(logits.reshape(-1, V), input_ids.reshape(-1), reduction="none").view(B, S)
    loss = nll[mask].mean()
    return loss, loss.exp()
