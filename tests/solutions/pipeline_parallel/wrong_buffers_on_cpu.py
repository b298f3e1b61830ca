import torch

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
}
import torch.distributed as dist
import torch.nn.functional as F


def gpipe_step(stage, x, target, n_micro, in_shape):
    rank, world = dist.get_rank(), dist.get_world_size()
    first, last = rank == 0, rank == world - 1
    saved, total = [], 0.0
    for j in range(n_micro):
        if first:
            h = x.chunk(n_micro)[j]
        else:
            h = torch.empty(in_shape)                  # on the default device, whatever the stage's
            dist.recv(h, src=rank - 1)
            h.requires_grad_()
        y = stage(h)
        if last:
            y = F.mse_loss(y, target.chunk(n_micro)[j]) / n_micro
            total += y.item()
        else:
            dist.send(y.detach(), dst=rank + 1)
        saved.append((h, y))
    for h, y in saved:
        if last:
            y.backward()
        else:
            g = torch.empty(y.shape)
            dist.recv(g, src=rank + 1)
            y.backward(g)
        if not first:
            dist.send(h.grad, dst=rank - 1)
    return total if last else None
