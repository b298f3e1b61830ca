import pytest
import torch
import torch.nn.functional as F

from reference import activations as ref

CASES = [   # (reference function, torch's function, keyword arguments)
    (ref.sigmoid, torch.sigmoid, {}),
    (ref.tanh, torch.tanh, {}),
    (ref.relu, torch.relu, {}),
    (ref.leaky_relu, lambda x: F.leaky_relu(x, 0.01), {}),
    (ref.leaky_relu, lambda x: F.leaky_relu(x, 0.2), {"slope": 0.2}),
    (ref.elu, F.elu, {}),
    (ref.elu, lambda x: F.elu(x, alpha=2.5), {"alpha": 2.5}),
    (ref.gelu, F.gelu, {}),
    (ref.gelu, lambda x: F.gelu(x, approximate="tanh"), {"approximate": "tanh"}),
    (ref.silu, F.silu, {}),
]
IDS = ["sigmoid", "tanh", "relu", "leaky_relu", "leaky_relu 0.2", "elu", "elu 2.5", "gelu", "gelu tanh", "silu"]


@pytest.mark.parametrize("mine,theirs,kwargs", CASES, ids=IDS)
@pytest.mark.parametrize("shape", [(), (7,), (3, 4, 5)])
@pytest.mark.parametrize("scale", [1.0, 10.0, 100.0, 1e4])
def test_values_and_gradients_agree_with_torch(mine, theirs, kwargs, shape, scale):
    x = torch.randn(shape, generator=torch.Generator().manual_seed(0)) * scale
    up = torch.randn(shape, generator=torch.Generator().manual_seed(1))
    a, b = x.clone().requires_grad_(), x.clone().requires_grad_()
    out_mine, out_theirs = mine(a, **kwargs), theirs(b)
    torch.testing.assert_close(out_mine, out_theirs, rtol=1e-5, atol=1e-6)
    (out_mine * up).sum().backward()
    (out_theirs * up).sum().backward()
    assert torch.isfinite(a.grad).all()
    torch.testing.assert_close(a.grad, b.grad, rtol=1e-4, atol=1e-6)


@pytest.mark.parametrize("mine,theirs,kwargs", CASES, ids=IDS)
def test_finite_from_minus_to_plus_1e4(mine, theirs, kwargs):
    x = torch.tensor([-1e4, -1e3, -104.0, -89.0, -20.0, 20.0, 89.0, 104.0, 1e3, 1e4], requires_grad=True)
    out = mine(x, **kwargs)
    out.sum().backward()
    assert torch.isfinite(out).all() and torch.isfinite(x.grad).all()
    torch.testing.assert_close(out, theirs(x.detach()), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("mine,theirs,kwargs", CASES, ids=IDS)
def test_zero_and_float64(mine, theirs, kwargs):
    x = torch.tensor([0.0, -0.0, 1e-7, -1e-7, 0.5], dtype=torch.float64)
    out = mine(x, **kwargs)
    assert out.dtype == torch.float64
    torch.testing.assert_close(out, theirs(x), rtol=1e-12, atol=1e-12)
