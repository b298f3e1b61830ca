import torch

EXPECT = {
    'values': 'weight decay added after the momentum (or decoupled): PyTorch adds weight_decay * p to the gradient before it enters the buffer',
    'the first step is plain SGD': '',
}


def sgd_step(params, grads, state, lr, momentum=0.9, nesterov=False, weight_decay=0.0):
    if "momentum_buffer" not in state:
        state["momentum_buffer"] = [g.clone() for g in grads]
        bufs = state["momentum_buffer"]
    else:
        bufs = state["momentum_buffer"]
        for buf, g in zip(bufs, grads):
            buf.mul_(momentum).add_(g)
    with torch.no_grad():
        for p, g, buf in zip(params, grads, bufs):
            step = g + momentum * buf if nesterov else buf
            p.sub_(lr * (step + weight_decay * p))
