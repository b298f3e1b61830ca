"""The reference on a real gloo process group against torch.optim.AdamW in one process on the whole
batch: at every stage, world size and step, every rank's full parameters equal AdamW's, and each rank's
moments are its shard of AdamW's (padded to a multiple of N)."""
import pytest
import torch
import torch.distributed as dist

from grader.engine import distributed
from reference.zero_optimizer import ZeroAdamW


def loss_of(params, x):
    loss, at = x.new_zeros(()), 0
    for p in params:
        loss = loss + torch.tanh(x[:, at:at + p.numel()] @ p.flatten()).square().mean()
        at += p.numel()
    return loss


def on_rank(start, stage, batches, hyper):
    n, r = dist.get_world_size(), dist.get_rank()
    opt = ZeroAdamW([p.clone() for p in start], stage, **hyper)
    steps = []
    for x in batches:
        full = [t.detach().clone().requires_grad_(True) for t in opt.full_params()]
        opt.step(list(torch.autograd.grad(loss_of(full, x.chunk(n)[r]), full)))
        steps.append(([t.detach().clone() for t in opt.full_params()], [m.clone() for m in opt.exp_avg],
                      [v.clone() for v in opt.exp_avg_sq]))
    ops = {c.op for c in distributed.calls()}
    return steps, ops


@pytest.fixture(scope="module", autouse=True)
def ranks():
    yield
    distributed.close()


@pytest.mark.parametrize("stage", [1, 2, 3])
@pytest.mark.parametrize("world,shapes,hyper", [
    (2, [(3, 2), (5,), (1,)], dict(lr=0.05)),
    (3, [(4, 3), (2,), (7,)], dict(lr=0.2, weight_decay=0.1, betas=(0.5, 0.9))),
    (4, [(2, 3), (3,)], dict(lr=1e-3, eps=0.1)),
])
def test_agrees_with_torch_optim_adamw(stage, world, shapes, hyper):
    g = torch.Generator().manual_seed(world * 10 + stage)
    start = [torch.randn(s, generator=g) for s in shapes]
    total = sum(p.numel() for p in start)
    batches = [torch.randn(world * 2, total, generator=g) for _ in range(4)]
    results = distributed.run(world, on_rank, start, stage, batches, hyper)
    theirs = [torch.nn.Parameter(p.clone()) for p in start]
    opt = torch.optim.AdamW(theirs, foreach=False, **hyper)
    for s, x in enumerate(batches):
        opt.zero_grad()
        loss_of(theirs, x).backward()
        opt.step()
        for r, (steps, ops) in enumerate(results):
            params, ms, vs = steps[s]
            for i, (got, want) in enumerate(zip(params, theirs)):
                torch.testing.assert_close(got, want.detach(), rtol=1e-5, atol=1e-6, msg=f"rank {r} step {s} p{i}")
                size = -(-want.numel() // world)
                for mine, name in ((ms[i], "exp_avg"), (vs[i], "exp_avg_sq")):
                    whole = torch.cat([opt.state[want][name].flatten(), torch.zeros(size * world - want.numel())])
                    # torch updates m with lerp_: rounding differs where m is near 0
                    torch.testing.assert_close(mine, whole[r * size:(r + 1) * size], rtol=1e-4, atol=1e-6)
            assert ("all_reduce" in ops) == (stage == 1)
