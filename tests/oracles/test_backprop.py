import pytest
import torch
import torch.nn.functional as F

from reference.backprop import linear_softmax_ce_backward


@pytest.mark.parametrize("N,D,C", [(1, 2, 2), (5, 3, 4), (4, 3, 1), (16, 8, 10), (3, 1, 7), (256, 16, 32)])
@pytest.mark.parametrize("scale", [1.0, 30.0])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_agrees_with_autograd(N, D, C, scale, dtype):
    gen = torch.Generator().manual_seed(N * 100 + C)
    x = (torch.randn(N, D, generator=gen) * scale).to(dtype)
    W = (torch.randn(C, D, generator=gen) * scale).to(dtype)
    b = torch.randn(C, generator=gen).to(dtype)
    target = torch.randint(0, C, (N,), generator=gen)
    leaves = [t.clone().requires_grad_() for t in (W, b, x)]
    loss = F.cross_entropy(leaves[2] @ leaves[0].T + leaves[1], target)
    want = torch.autograd.grad(loss, leaves)
    got = linear_softmax_ce_backward(x, W, b, target)
    tol = dict(rtol=1e-4, atol=1e-5 * scale) if dtype == torch.float32 else dict(rtol=1e-10, atol=1e-12 * scale)
    for g, w in zip(got, want):
        assert g.dtype == dtype
        torch.testing.assert_close(g, w, **tol)


def test_prompt_example():
    dW, db, dx = linear_softmax_ce_backward(torch.tensor([[1.0, 2.0]]), torch.eye(2), torch.zeros(2), torch.tensor([0]))
    torch.testing.assert_close(db, torch.tensor([-0.7311, 0.7311]), atol=1e-4, rtol=0)
    torch.testing.assert_close(dW, torch.tensor([[-0.7311, -1.4621], [0.7311, 1.4621]]), atol=1e-4, rtol=0)
    torch.testing.assert_close(dx, torch.tensor([[-0.7311, 0.7311]]), atol=1e-4, rtol=0)
