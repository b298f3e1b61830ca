import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch import nn


def gpipe_step(stage: nn.Module, x: torch.Tensor | None, target: torch.Tensor | None, n_micro: int,
               in_shape: tuple[int, ...]) -> float | None:
    rank, world = dist.get_rank(), dist.get_world_size()
    first, last = rank == 0, rank == world - 1
    w = next(stage.parameters())
    inputs, outputs, total = [], [], 0.0
    for j in range(n_micro):                     # every forward first: the micro-batches flow down the pipe
        if first:
            h = x.chunk(n_micro)[j]
        else:
            h = torch.empty(in_shape, dtype=w.dtype, device=w.device)    # a new buffer per micro-batch
            dist.recv(h, src=rank - 1)
            h.requires_grad_()                   # its gradient is what goes back to rank - 1
        y = stage(h)
        if last:
            loss = F.mse_loss(y, target.chunk(n_micro)[j]) / n_micro    # the batch's loss is the mean
            total += loss.item()
            y = loss
        else:
            dist.send(y.detach(), dst=rank + 1)
        inputs.append(h)
        outputs.append(y)
    for j in range(n_micro):                     # then every backward, in the same order on every rank
        if last:
            outputs[j].backward()
        else:
            grad = torch.empty_like(outputs[j])
            dist.recv(grad, src=rank + 1)
            outputs[j].backward(grad)            # accumulates into the stage's .grad
        if not first:
            dist.send(inputs[j].grad, dst=rank - 1)
    return total if last else None
