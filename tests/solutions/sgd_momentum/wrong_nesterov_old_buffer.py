import torch

EXPECT = {
    'values': 'Nesterov ignored: with nesterov=True the step is d + momentum * buf with the UPDATED buffer (d + momentum * the old buffer is just plain momentum again)',
    'the first step is plain SGD': '',
}


def sgd_step(params, grads, state, lr, momentum=0.9, nesterov=False, weight_decay=0.0):
    first = "momentum_buffer" not in state
    if first:
        state["momentum_buffer"] = [torch.zeros_like(p) for p in params]
    with torch.no_grad():
        for p, g, buf in zip(params, grads, state["momentum_buffer"]):
            d = g + weight_decay * p
            if nesterov:
                step = d + momentum * buf          # look ahead with the current velocity
            if first:
                buf.copy_(d)
            else:
                buf.mul_(momentum).add_(d)
            if not nesterov:
                step = buf
            p.sub_(lr * step)
