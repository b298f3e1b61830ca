import torch
import torch.nn.functional as F


def sgns_loss(W_in: torch.Tensor, W_out: torch.Tensor, center: torch.Tensor, context: torch.Tensor,
              negatives: torch.Tensor) -> torch.Tensor:
    v = W_in[center]                                              # (B, D) the centre words' input vectors
    pos = (W_out[context] * v).sum(-1)                            # (B,)
    neg = torch.einsum("bkd,bd->bk", W_out[negatives], v)         # (B, K)
    # log σ(x) = logsigmoid(x): stable where σ(x) underflows to 0
    return -(F.logsigmoid(pos) + F.logsigmoid(-neg).sum(-1)).mean()


def sample_negatives(counts: torch.Tensor, batch_size: int, k: int,
                     generator: torch.Generator | None = None) -> torch.Tensor:
    probs = counts.double() ** 0.75                               # the unigram distribution to the 3/4
    ids = torch.multinomial(probs, batch_size * k, replacement=True, generator=generator)
    return ids.view(batch_size, k)
