import torch


def sgd_step(params, grads, state, lr, momentum=0.9, nesterov=False, weight_decay=0.0):
    # every tensor as one flat vector: one set of vector ops, then written back
    sizes = [p.numel() for p in params]
    p_flat = torch.cat([p.detach().reshape(-1) for p in params])
    d_flat = torch.cat([g.reshape(-1) for g in grads]) + weight_decay * p_flat
    if "momentum_buffer" in state:
        buf = momentum * torch.cat([b.reshape(-1) for b in state["momentum_buffer"]]) + d_flat
    else:
        buf = d_flat.clone()
    step = d_flat + momentum * buf if nesterov else buf
    new_p = p_flat - lr * step
    state["momentum_buffer"] = [b.reshape(p.shape) for b, p in zip(buf.split(sizes), params)]
    with torch.no_grad():
        for p, v in zip(params, new_p.split(sizes)):
            p.copy_(v.reshape(p.shape))
