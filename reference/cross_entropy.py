import torch


def cross_entropy(logits: torch.Tensor, target: torch.Tensor, weight: torch.Tensor | None = None,
                  ignore_index: int = -100, label_smoothing: float = 0.0,
                  reduction: str = "mean") -> torch.Tensor:
    C = logits.shape[-1]
    z = logits - logits.amax(-1, keepdim=True)          # shift: exp can't overflow
    logp = z - z.exp().sum(-1, keepdim=True).log()      # (N, C) log-softmax via log-sum-exp, never log(p)
    w = logits.new_ones(C) if weight is None else weight  # (C,) class weights
    keep = target != ignore_index                         # (N,) rows that count
    t = torch.where(keep, target, 0)                      # a safe index for ignored rows (zeroed below)
    w_t = w[t] * keep                                     # (N,) weight of each row's target, 0 if ignored
    nll = -logp.gather(-1, t[:, None]).squeeze(-1)        # (N,) -log p(target)
    smooth = -(logp * w).sum(-1) / C                      # (N,) the uniform part, weighted like the target
    loss = (1 - label_smoothing) * w_t * nll + label_smoothing * keep * smooth
    if reduction == "none":
        return loss
    if reduction == "sum":
        return loss.sum()
    return loss.sum() / w_t.sum()                         # weighted mean: over the kept rows' weights
