import torch
import torch.nn.functional as F

EXPECT = {
    'values': 'prompt tokens not masked: only the response (positions >= prompt_lens) is trained on',
    'prompt and padding are ignored': '',
}


def sft_loss(logits, input_ids, prompt_lens, attention_mask):
    V = logits.shape[-1]
    labels = input_ids.masked_fill(~attention_mask, -100)           # padding only
    loss = F.cross_entropy(logits[:, :-1].reshape(-1, V), labels[:, 1:].reshape(-1), ignore_index=-100)
    return loss, loss.exp()
