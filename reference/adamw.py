import torch


def adamw_step(params: list[torch.Tensor], grads: list[torch.Tensor], state: dict, lr: float,
               betas: tuple[float, float] = (0.9, 0.999), eps: float = 1e-8, weight_decay: float = 0.01) -> None:
    if not state:                                        # first call: both moments start at zero
        state["step"] = 0
        state["exp_avg"] = [torch.zeros_like(p) for p in params]
        state["exp_avg_sq"] = [torch.zeros_like(p) for p in params]
    state["step"] += 1
    beta1, beta2 = betas
    # the zero start biases the moments toward 0 by these factors: divide them out
    bias1, bias2 = 1 - beta1 ** state["step"], 1 - beta2 ** state["step"]
    with torch.no_grad():                                # params are leaves that require grad
        for p, g, m, v in zip(params, grads, state["exp_avg"], state["exp_avg_sq"]):   # one tensor at a time
            p.mul_(1 - lr * weight_decay)                # decoupled decay: on the weight, not via the gradient
            m.mul_(beta1).add_(g, alpha=1 - beta1)       # running mean of g
            v.mul_(beta2).addcmul_(g, g, value=1 - beta2)   # running mean of g²
            denom = (v / bias2).sqrt().add_(eps)         # eps outside the root, as PyTorch
            p.addcdiv_(m, denom, value=-lr / bias1)
