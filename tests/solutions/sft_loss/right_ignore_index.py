import torch
import torch.nn.functional as F


def sft_loss(logits, input_ids, prompt_lens, attention_mask):
    # the Hugging Face way: labels with -100 where there is no target, shift, ignore_index
    S = input_ids.shape[1]
    positions = torch.arange(S, device=input_ids.device).expand_as(input_ids)
    labels = input_ids.masked_fill(positions < prompt_lens.unsqueeze(1), -100)
    labels = labels.masked_fill(~attention_mask, -100)
    shift_logits = logits[..., :-1, :].contiguous()
    shift_labels = labels[..., 1:].contiguous()
    loss = F.cross_entropy(shift_logits.view(-1, shift_logits.size(-1)), shift_labels.view(-1), ignore_index=-100)
    return loss, torch.exp(loss)
