import torch
import torch.nn.functional as F

EXPECT = {
    'inputs unchanged': 'an input modified in place: work on new tensors',
}


def infonce_loss(a, b, temperature=0.07):
    a = a.div_(a.norm(dim=-1, keepdim=True))          # normalises the caller's embeddings
    b = b.div_(b.norm(dim=-1, keepdim=True))
    logits = a @ b.T / temperature
    labels = torch.arange(a.shape[0], device=a.device)
    return 0.5 * (F.cross_entropy(logits, labels) + F.cross_entropy(logits.T, labels))
