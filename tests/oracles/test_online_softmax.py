"""The reference equals softmax(k @ q) @ v (no scaling), computed in float64 with torch.softmax."""
import pytest
import torch

from reference.online_softmax import online_softmax_attention


@pytest.mark.parametrize("n,d,d_v", [(1, 4, 3), (3, 1, 2), (8, 8, 8), (50, 16, 5), (500, 32, 16)])
@pytest.mark.parametrize("scale", [0.3, 1.0, 4.0])
def test_agrees_with_softmax_then_matmul(n, d, d_v, scale):
    g = torch.Generator().manual_seed(n + d)
    q, k = torch.randn(d, generator=g) * scale, torch.randn(n, d, generator=g) * scale
    v = torch.randn(n, d_v, generator=g)
    want = torch.softmax(k.double() @ q.double(), 0) @ v.double()
    # float32 scores of magnitude s carry an error of ~s·1e-7, and the weights with them
    atol = 1e-6 * max(1.0, scale * scale * d ** 0.5)
    torch.testing.assert_close(online_softmax_attention(q, k, v).double(), want, rtol=1e-5, atol=atol)


def test_huge_scores_and_monotone_orders():
    k = torch.randint(-100, 101, (20, 2), generator=torch.Generator().manual_seed(0)).float()
    q, v = torch.tensor([100.0, 50.0]), torch.randn(20, 3)
    want = torch.softmax(k.double() @ q.double(), 0) @ v.double()
    torch.testing.assert_close(online_softmax_attention(q, k, v).double(), want, rtol=1e-5, atol=1e-6)
    for steps in (torch.arange(10.0), -torch.arange(10.0), torch.zeros(10)):
        k = steps[:, None] * torch.tensor([[1.0, 0.0]])
        q, v = torch.tensor([1.0, 2.0]), torch.randn(10, 4)
        want = torch.softmax(k @ q, 0) @ v
        torch.testing.assert_close(online_softmax_attention(q, k, v), want, rtol=1e-5, atol=1e-6)


def test_gradients_agree():
    g = torch.Generator().manual_seed(3)
    q, k, v = (torch.randn(*s, generator=g, dtype=torch.float64, requires_grad=True) for s in [(4,), (6, 4), (6, 3)])
    up = torch.randn(3, generator=g, dtype=torch.float64)
    a = torch.autograd.grad(online_softmax_attention(q, k, v) @ up, (q, k, v))
    b = torch.autograd.grad((torch.softmax(k @ q, 0) @ v) @ up, (q, k, v))
    for x, y in zip(a, b):
        torch.testing.assert_close(x, y)
