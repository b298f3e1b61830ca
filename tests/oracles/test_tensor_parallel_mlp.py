"""The reference on a real gloo process group against the unsharded MLP in this process (F.linear and
F.gelu with autograd): outputs, x's gradient and each rank's slice of every parameter's gradient."""
import pytest
import torch
import torch.nn.functional as F

from grader.engine import distributed
from reference.tensor_parallel_mlp import TensorParallelMLP


def on_rank(weights, x, upstream):
    module = TensorParallelMLP(*[w.clone() for w in weights])
    x = x.clone().requires_grad_(True)
    y = module(x)
    y.backward(upstream)
    return y.detach(), x.grad, {n: p.grad for n, p in module.named_parameters()}, \
        len(distributed.calls("all_reduce"))


@pytest.fixture(scope="module", autouse=True)
def ranks():
    yield
    distributed.close()


@pytest.mark.parametrize("world,d_model,d_ff,lead", [(2, 4, 8, (3,)), (3, 5, 6, (2, 3)), (4, 3, 8, (5,)),
                                                      (2, 1, 2, (1,)), (4, 6, 4, (2,))])
def test_agrees_with_the_unsharded_mlp(world, d_model, d_ff, lead):
    g = torch.Generator().manual_seed(world * 100 + d_ff)
    weights = [torch.randn(d_ff, d_model, generator=g), torch.randn(d_ff, generator=g),
               torch.randn(d_model, d_ff, generator=g), torch.randn(d_model, generator=g)]
    x, upstream = torch.randn(*lead, d_model, generator=g) * 2, torch.randn(*lead, d_model, generator=g)
    leaves = [w.clone().requires_grad_(True) for w in weights]
    xl = x.clone().requires_grad_(True)
    want = F.linear(F.gelu(F.linear(xl, leaves[0], leaves[1])), leaves[2], leaves[3])
    want.backward(upstream)
    results = distributed.run(world, on_rank, weights, x, upstream)
    rows = d_ff // world
    for r, (y, gx, grads, reduces) in enumerate(results):
        torch.testing.assert_close(y, want.detach(), rtol=1e-5, atol=1e-5)
        torch.testing.assert_close(gx, xl.grad, rtol=1e-5, atol=1e-5)
        part = slice(r * rows, (r + 1) * rows)
        torch.testing.assert_close(grads["fc1_weight"], leaves[0].grad[part], rtol=1e-5, atol=1e-5)
        torch.testing.assert_close(grads["fc1_bias"], leaves[1].grad[part], rtol=1e-5, atol=1e-5)
        torch.testing.assert_close(grads["fc2_weight"], leaves[2].grad[:, part], rtol=1e-5, atol=1e-5)
        torch.testing.assert_close(grads["fc2_bias"], leaves[3].grad, rtol=1e-5, atol=1e-5)
        assert reduces == 2              # one in forward, one in backward
