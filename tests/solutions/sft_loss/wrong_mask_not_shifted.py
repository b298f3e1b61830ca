import torch
import torch.nn.functional as F

EXPECT = {
    'values': 'mask not shifted with the targets: the mask of target t + 1 is response[:, 1:], not response[:, :-1]',
    'prompt and padding are ignored': '',
}


def sft_loss(logits, input_ids, prompt_lens, attention_mask):
    B, S, V = logits.shape
    pos = torch.arange(S, device=logits.device)
    mask = (pos[None, :] >= prompt_lens[:, None]) & attention_mask
    nll = F.cross_entropy(logits[:, :-1].reshape(-1, V), input_ids[:, 1:].reshape(-1), reduction="none").view(B, S - 1)
    m = mask[:, :-1].to(nll.dtype)                    # the mask of the logits' positions
    loss = (nll * m).sum() / m.sum()
    return loss, loss.exp()
