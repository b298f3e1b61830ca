import torch
import torch.nn.functional as F


def infonce_loss(a: torch.Tensor, b: torch.Tensor, temperature: float = 0.07) -> torch.Tensor:
    a = a / a.norm(dim=-1, keepdim=True)                 # (N, D) unit rows: dot products are cosines
    b = b / b.norm(dim=-1, keepdim=True)
    logits = a @ b.T / temperature                       # (N, N): row i scores a_i against every b_j
    labels = torch.arange(a.shape[0], device=a.device)   # the match of row i is column i
    # a -> b over the rows, b -> a over the columns
    return (F.cross_entropy(logits, labels) + F.cross_entropy(logits.T, labels)) / 2
