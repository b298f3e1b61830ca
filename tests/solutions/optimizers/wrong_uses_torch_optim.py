# adam_step hands the work to torch.optim.Adam, kept in the state
import torch

EXPECT = {
    'banned calls': '',
}


def adam_step(params, grads, state, lr, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0):
    if "optimizer" not in state:
        state["optimizer"] = torch.optim.Adam(params, lr=lr, betas=betas, eps=eps, weight_decay=weight_decay)
    optimizer = state["optimizer"]
    for p, g in zip(params, grads):
        p.grad = g.clone()
    optimizer.step()
    kept = [optimizer.state[p] for p in params]
    state["step"] = int(kept[0]["step"])
    state["exp_avg"] = [k["exp_avg"] for k in kept]
    state["exp_avg_sq"] = [k["exp_avg_sq"] for k in kept]


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
            sq = state["square_avg"][i].mul_(alpha).addcmul_(g, g, value=1 - alpha)
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
