import torch
import torch.nn.functional as F

EXPECT = {
    'inputs unchanged': 'an input modified in place: work on new tensors',
}


def sft_loss(logits, input_ids, prompt_lens, attention_mask):
    V = logits.shape[-1]
    positions = torch.arange(input_ids.shape[1], device=input_ids.device)
    input_ids[positions[None, :] < prompt_lens[:, None]] = -100     # the caller's ids become labels
    input_ids[~attention_mask] = -100
    loss = F.cross_entropy(logits[:, :-1].reshape(-1, V), input_ids[:, 1:].reshape(-1), ignore_index=-100)
    return loss, loss.exp()
