import torch

EXPECT = {
    'runs': 'the received input does not require grad, so backward leaves its .grad None and there is no gradient to send back: call h.requires_grad_() on each received micro-batch',
}
import torch.distributed as dist
import torch.nn.functional as F


def gpipe_step(stage, x, target, n_micro, in_shape):
    rank, world = dist.get_rank(), dist.get_world_size()
    first, last = rank == 0, rank == world - 1
    w = next(stage.parameters())
    saved, total = [], 0.0
    for j in range(n_micro):
        if first:
            h = x.chunk(n_micro)[j]
        else:
            h = torch.empty(in_shape, dtype=w.dtype, device=w.device)
            dist.recv(h, src=rank - 1)                 # a leaf that does not require grad
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
            g = torch.empty_like(y)
            dist.recv(g, src=rank + 1)
            y.backward(g)
        if not first:
            dist.send(h.grad, dst=rank - 1)
    return total if last else None
