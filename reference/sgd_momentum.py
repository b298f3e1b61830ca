import torch


def sgd_step(params: list[torch.Tensor], grads: list[torch.Tensor], state: dict, lr: float, momentum: float = 0.9,
             nesterov: bool = False, weight_decay: float = 0.0) -> None:
    with torch.no_grad():                                # params are leaves that require grad
        # L2 decay joins the gradient BEFORE momentum, so it is accumulated too (as PyTorch)
        ds = [g + weight_decay * p for p, g in zip(params, grads)]
        if "momentum_buffer" not in state:
            state["momentum_buffer"] = [d.clone() for d in ds]   # PyTorch: the first buffer IS the first gradient
        else:
            for buf, d in zip(state["momentum_buffer"], ds):
                buf.mul_(momentum).add_(d)               # buf = momentum * buf + d (no dampening)
        for p, d, buf in zip(params, ds, state["momentum_buffer"]):
            # Nesterov looks ahead: the gradient plus momentum times the NEW buffer
            p.add_(d + momentum * buf if nesterov else buf, alpha=-lr)
