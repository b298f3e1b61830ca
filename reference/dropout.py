import torch


def dropout(x: torch.Tensor, p: float, training: bool = True,
            generator: torch.Generator | None = None) -> torch.Tensor:
    if not training or p == 0:
        return x                                     # eval mode: dropout is the identity
    if p == 1:
        return torch.zeros_like(x)                   # nothing survives; x / (1 - p) would be 0/0
    keep = torch.empty_like(x).bernoulli_(1 - p, generator=generator)   # (x.shape) 1 = kept, 0 = dropped
    return x * keep / (1 - p)                        # inverted: E[out] = x, so eval needs no rescale
