import torch
import torch.nn.functional as F

EXPECT = {
    'values': 'only one direction: CLIP averages a -> b (CE of logits) and b -> a (CE of logits.T)',
    'swapping a and b changes nothing': '',
}


def infonce_loss(a, b, temperature=0.07):
    a = F.normalize(a, dim=-1)
    b = F.normalize(b, dim=-1)
    logits = a @ b.T / temperature
    labels = torch.arange(a.shape[0], device=a.device)
    return F.cross_entropy(logits, labels)
