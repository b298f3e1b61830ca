# rmsprop_step accumulates g² row by row
import torch

EXPECT = {
    'rmsprop_step: no loop': '',
}


def adam_step(params: list[torch.Tensor], grads: list[torch.Tensor], state: dict, lr: float,
              betas: tuple[float, float] = (0.9, 0.999), eps: float = 1e-8, weight_decay: float = 0.0) -> None:
    if not state:                                        # first call: both moments start at zero
        state["step"] = 0
        state["exp_avg"] = [torch.zeros_like(p) for p in params]
        state["exp_avg_sq"] = [torch.zeros_like(p) for p in params]
    state["step"] += 1
    beta1, beta2 = betas
    bias1, bias2 = 1 - beta1 ** state["step"], 1 - beta2 ** state["step"]
    with torch.no_grad():                                # params are leaves that require grad
        for p, g, m, v in zip(params, grads, state["exp_avg"], state["exp_avg_sq"]):
            g = g + weight_decay * p                     # L2: the decay joins the gradient (a new tensor)
            m.mul_(beta1).add_(g, alpha=1 - beta1)
            v.mul_(beta2).addcmul_(g, g, value=1 - beta2)
            denom = (v / bias2).sqrt().add_(eps)         # eps outside the root
            p.addcdiv_(m, denom, value=-lr / bias1)


def adagrad_step(params: list[torch.Tensor], grads: list[torch.Tensor], state: dict, lr: float, eps: float = 1e-10,
                 weight_decay: float = 0.0, initial_accumulator_value: float = 0.0) -> None:
    if not state:
        state["sum"] = [torch.full_like(p, initial_accumulator_value) for p in params]
    with torch.no_grad():
        for p, g, s in zip(params, grads, state["sum"]):
            g = g + weight_decay * p
            s.addcmul_(g, g)                             # every squared gradient so far: steps only shrink
            p.addcdiv_(g, s.sqrt().add_(eps), value=-lr)


def rmsprop_step(params: list[torch.Tensor], grads: list[torch.Tensor], state: dict, lr: float, alpha: float = 0.99,
                 eps: float = 1e-8, weight_decay: float = 0.0, momentum: float = 0.0, centered: bool = False) -> None:
    if not state:
        state["square_avg"] = [torch.zeros_like(p) for p in params]
        if centered:
            state["grad_avg"] = [torch.zeros_like(p) for p in params]
        if momentum > 0:
            state["momentum_buffer"] = [torch.zeros_like(p) for p in params]
    with torch.no_grad():
        for i, (p, g) in enumerate(zip(params, grads)):
            g = g + weight_decay * p
            sq = state["square_avg"][i].mul_(alpha)
            for row_sq, row_g in zip(sq.view(-1, sq.shape[-1]) if sq.dim() else [sq], g.view(-1, g.shape[-1])
                                     if g.dim() else [g]):
                row_sq.addcmul_(row_g, row_g, value=1 - alpha)
            if centered:                                 # divide by the running std, not the running rms
                mean = state["grad_avg"][i].mul_(alpha).add_(g, alpha=1 - alpha)
                avg = (sq - mean * mean).sqrt().add_(eps)
            else:
                avg = sq.sqrt().add_(eps)
            if momentum > 0:                             # the momentum carries the normalised step
                buf = state["momentum_buffer"][i].mul_(momentum).addcdiv_(g, avg)
                p.add_(buf, alpha=-lr)
            else:
                p.addcdiv_(g, avg, value=-lr)


def lion_step(params: list[torch.Tensor], grads: list[torch.Tensor], state: dict, lr: float,
              betas: tuple[float, float] = (0.9, 0.99), weight_decay: float = 0.0) -> None:
    if not state:
        state["exp_avg"] = [torch.zeros_like(p) for p in params]
    beta1, beta2 = betas
    with torch.no_grad():
        for p, g, m in zip(params, grads, state["exp_avg"]):
            update = (beta1 * m + (1 - beta1) * g).sign()   # interpolate with beta1 for the step ...
            p.mul_(1 - lr * weight_decay)                    # decoupled decay
            p.add_(update, alpha=-lr)
            m.mul_(beta2).add_(g, alpha=1 - beta2)           # ... and track the momentum with beta2
