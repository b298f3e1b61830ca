import pytest
import torch

from reference.batchnorm import BatchNorm


@pytest.mark.parametrize("shape", [(8, 4), (2, 3), (4, 3, 5), (1, 2, 6), (256, 2), (3, 5, 1)])
@pytest.mark.parametrize("momentum,eps", [(0.1, 1e-5), (0.5, 1e-3), (1.0, 1e-5)])
def test_agrees_with_nn_batchnorm1d(shape, momentum, eps):
    g = torch.Generator().manual_seed(0)
    C = shape[1]
    ours, theirs = BatchNorm(C, eps, momentum), torch.nn.BatchNorm1d(C, eps=eps, momentum=momentum)
    with torch.no_grad():
        theirs.weight.copy_(1 + torch.randn(C, generator=g))
        theirs.bias.copy_(torch.randn(C, generator=g))
    state = {k: v for k, v in theirs.state_dict().items() if k != "num_batches_tracked"}
    ours.load_state_dict(state)
    centre = torch.randn(C, generator=g).view(1, C, *[1] * (len(shape) - 2)) * 3
    for step in range(4):
        x = torch.randn(shape, generator=g) * (step + 1) + centre
        torch.testing.assert_close(ours(x), theirs(x), rtol=1e-4, atol=1e-5, msg=f"train step {step}")
        torch.testing.assert_close(ours.running_mean, theirs.running_mean, rtol=1e-5, atol=1e-6)
        torch.testing.assert_close(ours.running_var, theirs.running_var, rtol=1e-5, atol=1e-6)
    ours.eval(), theirs.eval()
    for n in (1, 5):
        x = torch.randn(n, *shape[1:], generator=g) * 2 + centre
        torch.testing.assert_close(ours(x), theirs(x), rtol=1e-5, atol=1e-5, msg="eval")


def test_gradients_agree_in_training():
    g = torch.Generator().manual_seed(1)
    ours, theirs = BatchNorm(3), torch.nn.BatchNorm1d(3)
    x = torch.randn(6, 3, 4, generator=g)
    a, b = x.clone().requires_grad_(), x.clone().requires_grad_()
    up = torch.randn(6, 3, 4, generator=g)
    ours(a).backward(up)
    theirs(b).backward(up)
    torch.testing.assert_close(a.grad, b.grad, rtol=1e-4, atol=1e-5)
    torch.testing.assert_close(ours.weight.grad, theirs.weight.grad, rtol=1e-4, atol=1e-5)
    torch.testing.assert_close(ours.bias.grad, theirs.bias.grad, rtol=1e-4, atol=1e-5)
    assert not ours.running_mean.requires_grad and not ours.running_var.requires_grad


def test_no_num_batches_tracked():
    assert set(BatchNorm(3).state_dict()) == {"weight", "bias", "running_mean", "running_var"}
