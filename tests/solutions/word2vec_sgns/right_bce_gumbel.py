import torch
import torch.nn.functional as F


def sgns_loss(W_in, W_out, center, context, negatives):
    v = W_in[center]
    candidates = torch.cat([context[:, None], negatives], dim=1)      # (B, 1 + K): the positive first
    logits = torch.einsum("bcd,bd->bc", W_out[candidates], v)
    labels = torch.zeros_like(logits)
    labels[:, 0] = 1.0
    per_candidate = F.binary_cross_entropy_with_logits(logits, labels, reduction="none")
    return per_candidate.sum(1).mean()


def sample_negatives(counts, batch_size, k, generator=None):
    log_p = 0.75 * counts.double().log()                               # -inf for a word never counted
    u = torch.rand(batch_size, k, len(counts), generator=generator, dtype=torch.float64, device=counts.device)
    gumbel = -torch.log(-torch.log(u.clamp_min(1e-300)))
    return (log_p + gumbel).argmax(-1)                                 # Gumbel-max: one exact draw each
