import torch


def pca(x: torch.Tensor, k: int) -> tuple[torch.Tensor, torch.Tensor]:
    xc = x - x.mean(0)                                            # PCA is about variance: centre first
    _, S, Vh = torch.linalg.svd(xc, full_matrices=False)          # rows of Vh: principal directions
    components = Vh[:k]                                           # (k, d), by decreasing variance
    big = components.abs().argmax(1, keepdim=True)                # each row's entry of largest |value|
    components = components * components.gather(1, big).sign()    # ... made positive: a fixed sign
    return components, S[:k] ** 2 / (x.shape[0] - 1)              # unbiased variance along each
