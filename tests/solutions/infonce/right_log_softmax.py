import torch


def infonce_loss(a, b, temperature=0.07):
    # no cross_entropy: log-softmax over rows and over columns, read off the diagonal
    a = a / torch.linalg.vector_norm(a, dim=1, keepdim=True)
    b = b / torch.linalg.vector_norm(b, dim=1, keepdim=True)
    sim = torch.einsum("id,jd->ij", a, b) / temperature
    rows = sim - torch.logsumexp(sim, dim=1, keepdim=True)
    cols = sim - torch.logsumexp(sim, dim=0, keepdim=True)
    return -(rows.diagonal().mean() + cols.diagonal().mean()) / 2
