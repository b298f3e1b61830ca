import numpy as np
import pytest
import torch
import torch.nn.functional as F

from reference.mlp_numpy import backward, forward


def autograd(x, y, W1, b1, W2, b2):
    """The same network in torch (float64): logits and the gradients of the mean cross-entropy."""
    params = [torch.tensor(a, requires_grad=True) for a in (W1, b1, W2, b2)]
    w1, c1, w2, c2 = params
    logits = F.relu(torch.from_numpy(x) @ w1.T + c1) @ w2.T + c2
    grads = torch.autograd.grad(F.cross_entropy(logits, torch.from_numpy(y)), params)
    return logits.detach().numpy(), dict(zip(["W1", "b1", "W2", "b2"], (g.numpy() for g in grads)))


@pytest.mark.parametrize("N,D,H,C", [(1, 2, 2, 2), (5, 3, 4, 2), (4, 3, 5, 1), (32, 8, 16, 10), (7, 1, 3, 5),
                                     (256, 16, 32, 8)])
@pytest.mark.parametrize("scale", [1.0, 300.0])
def test_agrees_with_torch_autograd(N, D, H, C, scale):
    rng = np.random.default_rng(N * 1000 + H)
    x, W1, b1 = rng.standard_normal((N, D)), rng.standard_normal((H, D)), rng.standard_normal(H)
    W2, b2 = rng.standard_normal((C, H)) * scale, rng.standard_normal(C)
    y = rng.integers(0, C, N)
    want_logits, want = autograd(x, y, W1, b1, W2, b2)
    np.testing.assert_allclose(forward(x, W1, b1, W2, b2), want_logits, rtol=1e-12, atol=1e-12 * scale)
    got = backward(x, y, W1, b1, W2, b2)
    assert got.keys() == want.keys()
    for k in want:
        assert got[k].shape == want[k].shape and got[k].dtype == np.float64
        np.testing.assert_allclose(got[k], want[k], rtol=1e-9, atol=1e-12 * scale)


def test_dead_units_get_no_gradient():
    rng = np.random.default_rng(0)
    x, W1, W2 = rng.standard_normal((6, 3)), rng.standard_normal((4, 3)), rng.standard_normal((2, 4))
    b1 = np.full(4, -100.0)
    g = backward(x, rng.integers(0, 2, 6), W1, b1, W2, np.zeros(2))
    assert not g["W1"].any() and not g["b1"].any() and not g["W2"].any()


def test_prompt_example():
    x, y = np.array([[1.0, -1.0]]), np.array([0])
    W1, b1, W2, b2 = np.eye(2), np.zeros(2), np.array([[1.0, 1.0], [0.0, 0.0]]), np.zeros(2)
    np.testing.assert_allclose(forward(x, W1, b1, W2, b2), [[1.0, 0.0]])
    g = backward(x, y, W1, b1, W2, b2)
    np.testing.assert_allclose(g["b2"], [-0.2689, 0.2689], atol=1e-4)
    np.testing.assert_allclose(g["W1"], [[-0.2689, 0.2689], [0.0, 0.0]], atol=1e-4)
