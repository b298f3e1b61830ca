import pytest
import torch

from reference.log_softmax import log_softmax


@pytest.mark.parametrize("shape,dim", [((4, 7), -1), ((3, 5, 2), 1), ((6,), 0), ((2, 3, 4, 5), -3),
                                       ((3, 1), -1)])
@pytest.mark.parametrize("scale", [1.0, 30.0, 1e4])
def test_agrees_with_torch_log_softmax(shape, dim, scale):
    x = torch.randn(shape, generator=torch.Generator().manual_seed(0)) * scale
    # |x| up to ~3e4: float32 spacing there is ~2e-3, so the absolute tolerance grows with scale
    torch.testing.assert_close(log_softmax(x, dim), torch.log_softmax(x, dim), rtol=1e-5, atol=1e-5 * scale)


def test_extreme_logits_stay_finite_and_exact():
    x = torch.tensor([[1000.0, 0.0, -1000.0], [-1e4, -1e4 - 1.0, -1e4 - 2.0]])
    torch.testing.assert_close(log_softmax(x), torch.log_softmax(x, -1), rtol=0, atol=1e-4)
    assert log_softmax(x)[0].tolist() == [0.0, -1000.0, -2000.0]


def test_gradients_agree():
    x = torch.randn(3, 6, generator=torch.Generator().manual_seed(1), requires_grad=True)
    up = torch.randn(3, 6, generator=torch.Generator().manual_seed(2))
    mine, = torch.autograd.grad(log_softmax(x, -1), x, up)
    theirs, = torch.autograd.grad(torch.log_softmax(x, -1), x, up)
    torch.testing.assert_close(mine, theirs, rtol=1e-5, atol=1e-6)
