"""The reference on a real gloo process group against single-process autograd on the whole batch: each
rank backpropagates its equal share (some parameters left out of some ranks' loss), and after finish()
every rank's gradients are those of the mean of the ranks' losses computed in one process."""
import pytest
import torch
import torch.distributed as dist

from grader.engine import distributed
from reference.ddp_allreduce import DDPGradSync


def loss_of(params, x, skip=()):
    loss, at = x.new_zeros(()), 0
    for i, p in enumerate(params):
        if i not in skip:
            loss = loss + torch.tanh(x[:, at:at + p.numel()] @ p.flatten()).square().mean()
        at += p.numel()
    return loss


def on_rank(start, bucket_bytes, batches, unused):
    n, r = dist.get_world_size(), dist.get_rank()
    params = [p.clone().requires_grad_(True) for p in start]
    sync = DDPGradSync(params, bucket_bytes)
    steps = []
    for x in batches:
        loss_of(params, x.chunk(n)[r], unused.get(r, ())).backward()
        sync.finish()
        steps.append([p.grad.clone() for p in params])
        for p in params:
            p.grad = None
    return steps, [c.numel for c in distributed.calls("all_reduce")]


@pytest.fixture(scope="module", autouse=True)
def ranks():
    yield
    distributed.close()


@pytest.mark.parametrize("world,shapes,bucket_bytes,unused,buckets", [
    (2, [(2, 3), (3,), (4,)], 20, {}, [7, 6]),
    (3, [(4, 4), (4,), (2, 4), (2,)], 1, {}, [2, 8, 4, 16]),
    (2, [(4, 4), (4,), (2, 4), (2,)], 10**6, {}, [30]),
    (2, [(4,), (4,), (8,)], 32, {}, [8, 8]),
    (2, [(3,), (5,), (2, 2), (6,)], 24, {1: [1]}, [6, 9, 3]),
    (3, [(3,), (2, 2), (5,)], 16, {0: [0], 1: [0], 2: [0]}, [5, 4, 3]),
])
def test_agrees_with_whole_batch_gradients(world, shapes, bucket_bytes, unused, buckets):
    g = torch.Generator().manual_seed(len(shapes) + bucket_bytes)
    start = [torch.randn(s, generator=g) for s in shapes]
    total = sum(p.numel() for p in start)
    batches = [torch.randn(world * 2, total, generator=g) for _ in range(2)]
    results = distributed.run(world, on_rank, start, bucket_bytes, batches, unused)
    for s, x in enumerate(batches):
        leaves = [p.clone().requires_grad_(True) for p in start]
        (sum(loss_of(leaves, part, unused.get(r, ())) for r, part in enumerate(x.chunk(world))) / world).backward()
        for r, (steps, sizes) in enumerate(results):
            assert sizes == buckets * len(batches)
            for i, (got, want) in enumerate(zip(steps[s], leaves)):
                torch.testing.assert_close(got, want.grad if want.grad is not None else torch.zeros_like(want),
                                           rtol=1e-5, atol=1e-6, msg=f"rank {r}, step {s}, params[{i}]")
