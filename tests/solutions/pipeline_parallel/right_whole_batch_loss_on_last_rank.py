import torch
import torch.distributed as dist


def gpipe_step(stage, x, target, n_micro, in_shape):
    rank, world = dist.get_rank(), dist.get_world_size()
    w = next(stage.parameters())
    ins, outs = [], []
    for j in range(n_micro):
        if rank == 0:
            h = x.chunk(n_micro)[j]
        else:
            h = torch.zeros(in_shape, dtype=w.dtype, device=w.device)
            dist.recv(tensor=h, src=rank - 1)
            h.requires_grad_(True)
        out = stage(h)
        if rank < world - 1:
            dist.send(tensor=out.detach(), dst=rank + 1)
        ins.append(h)
        outs.append(out)
    if rank == world - 1:
        # one loss over the whole batch: a single backward fills every micro-batch's input gradient
        loss = ((torch.cat(outs) - target) ** 2).mean()
        loss.backward()
    else:
        # gradients come back in reverse micro-batch order, as in GPipe's own schedule
        for j in reversed(range(n_micro)):
            g = torch.zeros_like(outs[j])
            dist.recv(tensor=g, src=rank + 1)
            torch.autograd.backward(outs[j], grad_tensors=g)
    if rank > 0:
        for j in reversed(range(n_micro)):            # every rank hands gradients back in the same order
            dist.send(tensor=ins[j].grad, dst=rank - 1)
    return loss.item() if rank == world - 1 else None
