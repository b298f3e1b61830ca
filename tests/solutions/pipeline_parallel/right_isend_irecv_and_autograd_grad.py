import torch
import torch.distributed as dist
import torch.nn.functional as F


def gpipe_step(stage, x, target, n_micro, in_shape):
    rank, world = dist.get_rank(), dist.get_world_size()
    params = list(stage.parameters())
    micro_x = x.split(x.shape[0] // n_micro) if x is not None else [None] * n_micro
    micro_t = target.split(target.shape[0] // n_micro) if target is not None else [None] * n_micro

    saved = []
    for xm, tm in zip(micro_x, micro_t):
        if xm is None:
            xm = params[0].new_empty(in_shape)
            dist.irecv(xm, rank - 1).wait()
            xm.requires_grad_()
        ym = stage(xm)
        if tm is not None:
            ym = F.mse_loss(ym, tm, reduction="sum") / (tm.numel() * n_micro)
        else:
            dist.isend(ym.detach(), rank + 1).wait()
        saved.append((xm, ym))

    total = 0.0
    for xm, ym in saved:
        if rank == world - 1:
            grad_out = None
            total += ym.item()
        else:
            grad_out = torch.empty_like(ym)
            dist.irecv(grad_out, rank + 1).wait()
        wrt = params + ([xm] if rank > 0 else [])
        grads = torch.autograd.grad(ym, wrt, grad_out)
        for p, g in zip(params, grads):
            p.grad = g if p.grad is None else p.grad + g
        if rank > 0:
            dist.isend(grads[-1], rank - 1).wait()
    return total if rank == world - 1 else None
