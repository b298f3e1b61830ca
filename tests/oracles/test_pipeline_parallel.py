"""The reference on a real gloo process group of 2 to 4 ranks against the unsplit model in this process
(the stages composed, the whole batch's mean squared error, autograd): the loss on the last rank,
None elsewhere, every stage's gradients, and each rank's sends and receives: all the activations
(to rank + 1, from rank - 1) before all the gradients (the other way), n_micro of each."""
import pytest
import torch
import torch.distributed as dist
from torch import nn

from grader.engine import distributed
from reference.pipeline_parallel import gpipe_step


def stages(weights):
    layers = []
    for r, (w, b) in enumerate(weights):
        linear = nn.Linear(w.shape[1], w.shape[0])
        with torch.no_grad():
            linear.weight.copy_(w)
            linear.bias.copy_(b)
        layers.append(nn.Sequential(linear) if r == len(weights) - 1 else nn.Sequential(linear, nn.Tanh()))
    return layers


def on_rank(weights, x, target, n_micro):
    r, n = dist.get_rank(), dist.get_world_size()
    stage = stages(weights)[r]
    loss = gpipe_step(stage, x if r == 0 else None, target if r == n - 1 else None, n_micro,
                      (x.shape[0] // n_micro, weights[r][0].shape[1]))
    p2p = [(c.op, c.peer) for c in distributed.calls() if c.op in ("send", "recv")]
    return loss, [p.grad for p in stage.parameters()], p2p


@pytest.fixture(scope="module", autouse=True)
def ranks():
    yield
    distributed.close()


@pytest.mark.parametrize("widths,n_micro,rows", [([3, 5, 2], 2, 2), ([4, 3, 2], 4, 1), ([3, 5, 4, 2], 2, 2),
                                                 ([2, 3, 3, 2, 1], 3, 2), ([3, 4, 2], 1, 4), ([1, 1, 1], 2, 3),
                                                 ([6, 2, 5, 3], 4, 3)])
def test_agrees_with_the_unsplit_model(widths, n_micro, rows):
    g = torch.Generator().manual_seed(sum(widths) * 10 + n_micro)
    weights = [(torch.randn(widths[r + 1], widths[r], generator=g), torch.randn(widths[r + 1], generator=g))
               for r in range(len(widths) - 1)]
    x = torch.randn(rows * n_micro, widths[0], generator=g)
    target = torch.randn(rows * n_micro, widths[-1], generator=g)
    model = nn.Sequential(*stages(weights))
    want = ((model(x) - target) ** 2).mean()
    want.backward()
    n = len(weights)
    results = distributed.run(n, on_rank, weights, x, target, n_micro)
    for r, (loss, grads, p2p) in enumerate(results):
        if r == n - 1:
            assert isinstance(loss, float) and loss == pytest.approx(want.item(), rel=1e-5)
        else:
            assert loss is None
        for got, p in zip(grads, model[r].parameters()):
            torch.testing.assert_close(got, p.grad, rtol=1e-5, atol=1e-6)
        forward = [("recv", r - 1)] * (r > 0) + [("send", r + 1)] * (r < n - 1)
        backward = [("recv", r + 1)] * (r < n - 1) + [("send", r - 1)] * (r > 0)
        assert p2p == forward * n_micro + backward * n_micro
