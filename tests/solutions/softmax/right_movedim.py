import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    t = x.movedim(dim, -1)
    t = t - t.max(-1, keepdim=True)[0]
    p = torch.exp(t)
    p = p / torch.sum(p, -1, keepdim=True)
    return p.movedim(-1, dim)
