import torch
import torch.nn.functional as F

EXPECT = {
    'no loop': '',
}


def sft_loss(logits, input_ids, prompt_lens, attention_mask):
    V = logits.shape[-1]
    labels = input_ids.clone()
    for b in range(labels.shape[0]):
        labels[b, :prompt_lens[b]] = -100
    labels[~attention_mask] = -100
    loss = F.cross_entropy(logits[:, :-1].reshape(-1, V), labels[:, 1:].reshape(-1), ignore_index=-100)
    return loss, loss.exp()
