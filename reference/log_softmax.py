import torch


def log_softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    z = x - x.amax(dim=dim, keepdim=True)            # largest entry becomes 0: exp(z) <= 1, no overflow
    # log-sum-exp of the shifted row; the sum is >= 1 (it holds exp(0)), so its log is finite
    return z - z.exp().sum(dim=dim, keepdim=True).log()
