import torch
import torch.nn.functional as F

EXPECT = {
    'values': 'embeddings not normalised: normalise each row to unit length, so the logits are cosines / τ',
    'rescaling a row changes nothing': '',
}


def infonce_loss(a, b, temperature=0.07):
    logits = a @ b.T / temperature
    labels = torch.arange(a.shape[0], device=a.device)
    return 0.5 * (F.cross_entropy(logits, labels) + F.cross_entropy(logits.T, labels))
