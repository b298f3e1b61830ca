import torch

EXPECT = {
    'no loop': '',
}


def sgd_step(params, grads, state, lr, momentum=0.9, nesterov=False, weight_decay=0.0):
    first = "momentum_buffer" not in state
    if first:
        state["momentum_buffer"] = [torch.zeros_like(p) for p in params]
    with torch.no_grad():
        for p, g, buf in zip(params, grads, state["momentum_buffer"]):
            rows = [(p, g, buf)] if p.dim() < 2 else zip(p, g, buf)
            for pr, gr, br in rows:
                d = gr + weight_decay * pr
                if first:
                    br.copy_(d)
                else:
                    br.mul_(momentum).add_(d)
                pr.sub_(lr * (d + momentum * br if nesterov else br))
