import torch

EXPECT = {
    'sample_negatives: generator': '',
}
import torch.nn.functional as F


def sgns_loss(W_in, W_out, center, context, negatives):
    v = W_in[center]
    pos = (W_out[context] * v).sum(-1)
    neg = (W_out[negatives] * v[:, None]).sum(-1)
    return -(F.logsigmoid(pos) + F.logsigmoid(-neg).sum(-1)).mean()


def sample_negatives(counts, batch_size, k, generator=None):
    probs = counts.double() ** 0.75
    return torch.multinomial(probs, batch_size * k, replacement=True).view(batch_size, k)   # generator not passed
