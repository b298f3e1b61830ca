import torch

EXPECT = {
    'banned calls': '',
}


def sgd_step(params, grads, state, lr, momentum=0.9, nesterov=False, weight_decay=0.0):
    opt = torch.optim.SGD(params, lr=lr, momentum=momentum, nesterov=nesterov, weight_decay=weight_decay)
    if "momentum_buffer" in state:
        for p, buf in zip(params, state["momentum_buffer"]):
            opt.state[p]["momentum_buffer"] = buf
    for p, g in zip(params, grads):
        p.grad = g.clone()
    opt.step()
    for p in params:
        p.grad = None
    if momentum:
        state["momentum_buffer"] = [opt.state[p]["momentum_buffer"] for p in params]
