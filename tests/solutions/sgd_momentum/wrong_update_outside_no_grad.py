import torch

EXPECT = {
    'runs': 'in-place update of a leaf that requires grad outside torch.no_grad()',
}


def sgd_step(params, grads, state, lr, momentum=0.9, nesterov=False, weight_decay=0.0):
    ds = [g + weight_decay * p.detach() for p, g in zip(params, grads)]
    if "momentum_buffer" not in state:
        state["momentum_buffer"] = [d.clone() for d in ds]
    else:
        for buf, d in zip(state["momentum_buffer"], ds):
            buf.mul_(momentum).add_(d)
    for p, d, buf in zip(params, ds, state["momentum_buffer"]):
        p.sub_(lr * (d + momentum * buf if nesterov else buf))      # p requires grad: outside no_grad
