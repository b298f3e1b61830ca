import torch
import torch.nn.functional as F

EXPECT = {
    'values': 'temperature multiplied: the similarities are DIVIDED by τ (a small τ sharpens)',
}


def infonce_loss(a, b, temperature=0.07):
    a = F.normalize(a, dim=-1)
    b = F.normalize(b, dim=-1)
    logits = (a @ b.T) * temperature
    labels = torch.arange(a.shape[0], device=a.device)
    return 0.5 * (F.cross_entropy(logits, labels) + F.cross_entropy(logits.T, labels))
