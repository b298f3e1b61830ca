import torch


def sgd_step(params, grads, state, lr, momentum=0.9, nesterov=False, weight_decay=0.0):
    with torch.no_grad():
        grads = list(grads)
        d = torch._foreach_add(grads, params, alpha=weight_decay) if weight_decay else [g.clone() for g in grads]
        if momentum == 0:
            torch._foreach_add_(params, d, alpha=-lr)
            return
        bufs = state.get("momentum_buffer")
        if bufs is None:
            bufs = state["momentum_buffer"] = [x.clone() for x in d]
        else:
            torch._foreach_mul_(bufs, momentum)
            torch._foreach_add_(bufs, d)
        if nesterov:
            torch._foreach_add_(d, bufs, alpha=momentum)
            torch._foreach_add_(params, d, alpha=-lr)
        else:
            torch._foreach_add_(params, bufs, alpha=-lr)
