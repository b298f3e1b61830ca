import torch


def linear_softmax_ce_backward(x: torch.Tensor, W: torch.Tensor, b: torch.Tensor,
                               target: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    logits = x @ W.T + b                                         # (N, C)
    p = (logits - logits.amax(-1, keepdim=True)).exp()           # shift by the row max: exp can't overflow
    p = p / p.sum(-1, keepdim=True)                              # softmax, (N, C)
    one_hot = torch.zeros_like(p).scatter_(-1, target[:, None], 1.0)
    dlogits = (p - one_hot) / x.shape[0]                         # d(mean CE)/d(logits): the 1/N of the mean
    return dlogits.T @ x, dlogits.sum(0), dlogits @ W            # dW (C, D), db (C,), dx (N, D)
