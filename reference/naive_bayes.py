import math

import torch


def fit(X: torch.Tensor, y: torch.Tensor, var_smoothing: float = 1e-9) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    C = int(y.max()) + 1
    onehot = torch.nn.functional.one_hot(y, C).to(X.dtype)              # (n, C)
    counts = onehot.sum(0)                                              # (C,)
    mean = onehot.T @ X / counts[:, None]                               # (C, d)
    centred = X[:, None, :] - mean[None]                                # (n, C, d), from the mean: no cancellation
    var = (onehot[:, :, None] * centred ** 2).sum(0) / counts[:, None]  # biased: divided by the class size
    epsilon = var_smoothing * X.var(0, unbiased=False).max()            # one floor for every feature
    return counts / X.shape[0], mean, var + epsilon


def predict_log_proba(X: torch.Tensor, prior: torch.Tensor, mean: torch.Tensor, var: torch.Tensor) -> torch.Tensor:
    diff = X[:, None, :] - mean[None]                                   # (m, C, d)
    log_density = -0.5 * (torch.log(2 * math.pi * var)[None] + diff ** 2 / var[None]).sum(-1)
    joint = torch.log(prior)[None] + log_density                        # (m, C): sums of logs, never a product
    return joint - torch.logsumexp(joint, dim=1, keepdim=True)
