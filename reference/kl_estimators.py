import torch


def kl_estimators(logp: torch.Tensor, logp_ref: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    log_ratio = logp_ref - logp                          # log(π_ref / π): never exp(logp) on its own
    k1 = logp - logp_ref                                 # -log r
    k2 = log_ratio ** 2 / 2
    k3 = torch.expm1(log_ratio) - log_ratio              # (r - 1) - log r; expm1 keeps r near 1 exact
    return k1, k2, k3
