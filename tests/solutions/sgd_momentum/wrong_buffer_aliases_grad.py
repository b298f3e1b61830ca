import torch

EXPECT = {
    'inputs unchanged': 'a gradient modified in place — e.g. the first buffer IS the gradient tensor (no .clone()), so buf.mul_() later changes it',
}


def sgd_step(params, grads, state, lr, momentum=0.9, nesterov=False, weight_decay=0.0):
    with torch.no_grad():
        ds = [g if weight_decay == 0 else g + weight_decay * p for p, g in zip(params, grads)]
        if "momentum_buffer" not in state:
            state["momentum_buffer"] = ds
        else:
            for buf, d in zip(state["momentum_buffer"], ds):
                buf.mul_(momentum).add_(d)
        for p, d, buf in zip(params, ds, state["momentum_buffer"]):
            p.sub_(lr * (d + momentum * buf if nesterov else buf))
