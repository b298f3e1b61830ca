import torch


def dropout(x: torch.Tensor, p: float, training: bool = True, generator=None) -> torch.Tensor:
    if training and p > 0:
        if p == 1:
            return torch.zeros_like(x)
        scale = 1.0 / (1.0 - p)
        mask = torch.bernoulli(torch.full_like(x, 1.0 - p), generator=generator)
        return mask * x * scale
    return x.clone()
