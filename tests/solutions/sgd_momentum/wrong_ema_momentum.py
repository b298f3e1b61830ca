import torch

EXPECT = {
    'values': 'momentum as an average, buf = momentum * buf + (1 - momentum) * g, from a zero buffer: PyTorch adds the whole gradient (dampening 0) and starts the buffer at the first gradient',
    'the first step is plain SGD': '',
}


def sgd_step(params, grads, state, lr, momentum=0.9, nesterov=False, weight_decay=0.0):
    if "momentum_buffer" not in state:
        state["momentum_buffer"] = [torch.zeros_like(p) for p in params]
    with torch.no_grad():
        for p, g, buf in zip(params, grads, state["momentum_buffer"]):
            d = g + weight_decay * p
            buf.mul_(momentum).add_((1 - momentum) * d)
            if nesterov:
                d = d + momentum * buf
            else:
                d = buf
            p.sub_(lr * d)
