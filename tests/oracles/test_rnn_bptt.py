"""The reference against nn.RNN (tanh, one layer, the same weights, bias_hh zero) and autograd through
it, in float64: the states every step, and the gradients of L = sum(hs * dhs) with respect to the
inputs, the first state and the weights."""
import pytest
import torch
from torch import nn

from reference.rnn_bptt import rnn_backward, rnn_forward


def case(T, B, D, H, seed, w=0.7):
    gen = torch.Generator().manual_seed(seed)
    x, h0 = torch.randn(T, B, D, generator=gen), torch.randn(B, H, generator=gen)
    W_xh, W_hh = torch.randn(H, D, generator=gen) * w, torch.randn(H, H, generator=gen) * w
    b, dhs = torch.randn(H, generator=gen), torch.randn(T, B, H, generator=gen)
    return [t.double() for t in (x, h0, W_xh, W_hh, b)], dhs.double()


def torch_rnn(W_xh, W_hh, b):
    rnn = nn.RNN(W_xh.shape[1], W_xh.shape[0], nonlinearity="tanh", dtype=torch.float64)
    rnn.weight_ih_l0, rnn.weight_hh_l0 = nn.Parameter(W_xh), nn.Parameter(W_hh)
    rnn.bias_ih_l0, rnn.bias_hh_l0 = nn.Parameter(b), nn.Parameter(torch.zeros_like(b))
    return rnn


SHAPES = [(1, 1, 1, 1), (2, 3, 4, 5), (5, 2, 3, 3), (7, 4, 6, 2), (30, 2, 3, 4), (3, 64, 16, 32)]


@pytest.mark.parametrize("T,B,D,H", SHAPES)
def test_forward_agrees_with_nn_rnn(T, B, D, H):
    (x, h0, W_xh, W_hh, b), _ = case(T, B, D, H, seed=T * 31 + H)
    with torch.no_grad():
        want, last = torch_rnn(W_xh.clone(), W_hh.clone(), b.clone())(x, h0[None])
    torch.testing.assert_close(rnn_forward(x, h0, W_xh, W_hh, b), want, rtol=1e-12, atol=1e-12)
    torch.testing.assert_close(rnn_forward(x, h0, W_xh, W_hh, b)[-1], last[0], rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("T,B,D,H", SHAPES)
@pytest.mark.parametrize("w", [0.3, 1.5])
def test_backward_agrees_with_autograd_through_nn_rnn(T, B, D, H, w):
    (x, h0, W_xh, W_hh, b), dhs = case(T, B, D, H, seed=T * 17 + B, w=w)
    rnn = torch_rnn(W_xh.clone(), W_hh.clone(), b.clone())
    xs, h0s = x.clone().requires_grad_(), h0.clone().requires_grad_()
    hs, _ = rnn(xs, h0s[None])
    want = torch.autograd.grad((hs * dhs).sum(), [xs, h0s, rnn.weight_ih_l0, rnn.weight_hh_l0, rnn.bias_ih_l0])
    got = rnn_backward(x, h0, W_xh, W_hh, b, dhs)
    for name, g, t in zip(("dx", "dh0", "dW_xh", "dW_hh", "db"), got, want):
        torch.testing.assert_close(g, t, rtol=1e-10, atol=1e-10, msg=name)


def test_float32_keeps_its_dtype():
    (x, h0, W_xh, W_hh, b), dhs = case(4, 3, 2, 5, seed=1)
    args = [t.float() for t in (x, h0, W_xh, W_hh, b)]
    assert rnn_forward(*args).dtype == torch.float32
    assert all(g.dtype == torch.float32 for g in rnn_backward(*args, dhs.float()))


def test_the_prompts_example():
    x, h0 = torch.tensor([[[1.0]], [[0.5]]]), torch.zeros(1, 1)
    W_xh, W_hh, b = torch.tensor([[1.0]]), torch.tensor([[0.5]]), torch.zeros(1)
    torch.testing.assert_close(rnn_forward(x, h0, W_xh, W_hh, b).flatten(), torch.tensor([0.7616, 0.7068]),
                               atol=1e-4, rtol=0)
    dx, dh0, dW_xh, dW_hh, db = rnn_backward(x, h0, W_xh, W_hh, b, torch.tensor([[[0.0]], [[1.0]]]))
    for got, want in ((dx.flatten(), [0.1051, 0.5004]), (dh0, [[0.0525]]), (dW_xh, [[0.3553]]),
                      (dW_hh, [[0.3811]]), (db, [0.6055])):
        torch.testing.assert_close(got, torch.tensor(want), atol=1e-4, rtol=0)
