import torch


def clip_grad_norm(grads: list[torch.Tensor], max_norm: float, eps: float = 1e-6) -> torch.Tensor:
    norms = torch.stack([torch.linalg.vector_norm(g) for g in grads])   # (n,) one L2 norm per tensor
    total_norm = torch.linalg.vector_norm(norms)     # sqrt of the sum of squares: all grads as one vector
    scale = (max_norm / (total_norm + eps)).clamp(max=1.0)   # only shrink; a tensor, so no .item() sync
    for g in grads:
        g.mul_(scale)                                # in place: the optimiser reads these very tensors
    return total_norm
