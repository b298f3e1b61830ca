import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    z = x - x.amax(dim=dim, keepdim=True)     # shift so the largest logit is 0: exp can't overflow
    e = z.exp()
    return e / e.sum(dim=dim, keepdim=True)
