import pytest
import torch
import torch.nn.functional as F

from reference.mlp import MLP


def composed(x, w1, b1, w2, b2):
    return F.linear(F.relu(F.linear(x, w1, b1)), w2, b2)


@pytest.mark.parametrize("d_in,d_hidden,d_out", [(1, 1, 1), (4, 8, 3), (16, 5, 16), (7, 32, 2)])
@pytest.mark.parametrize("lead", [(1,), (6,), (2, 3)])
@pytest.mark.parametrize("scale", [1.0, 100.0])
def test_agrees_with_composed_f_linear_relu(d_in, d_hidden, d_out, lead, scale):
    torch.manual_seed(0)
    mlp = MLP(d_in, d_hidden, d_out)
    x = torch.randn(*lead, d_in) * scale
    params = [mlp.fc1.weight, mlp.fc1.bias, mlp.fc2.weight, mlp.fc2.bias]
    torch.testing.assert_close(mlp(x), composed(x, *params), rtol=1e-6, atol=1e-6 * scale)


def test_parameters_are_fixed():
    mlp = MLP(3, 5, 2)
    assert {k: tuple(v.shape) for k, v in mlp.state_dict().items()} == {
        "fc1.weight": (5, 3), "fc1.bias": (5,), "fc2.weight": (2, 5), "fc2.bias": (2,)}


def test_gradients_agree_with_composed():
    torch.manual_seed(1)
    mlp = MLP(4, 6, 3).double()
    x = torch.randn(5, 4, dtype=torch.float64, requires_grad=True)
    up = torch.randn(5, 3, dtype=torch.float64)
    params = [mlp.fc1.weight, mlp.fc1.bias, mlp.fc2.weight, mlp.fc2.bias]
    mine = torch.autograd.grad(mlp(x), [x, *params], up)
    clones = [p.detach().clone().requires_grad_() for p in [x, *params]]
    theirs = torch.autograd.grad(composed(*clones), clones, up)
    for a, b in zip(mine, theirs):
        torch.testing.assert_close(a, b, rtol=1e-12, atol=1e-12)
