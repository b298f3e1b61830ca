import pytest
import torch

from reference.gru_cell import GRUCell


def pair(I, H, seed):
    torch.manual_seed(seed)
    theirs = torch.nn.GRUCell(I, H)
    ours = GRUCell(I, H)
    ours.load_state_dict(theirs.state_dict())
    return ours, theirs


@pytest.mark.parametrize("I,H", [(1, 1), (3, 5), (7, 2), (16, 32)])
@pytest.mark.parametrize("B", [1, 4])
@pytest.mark.parametrize("start", ["zeros", "given"])
def test_steps_agree_with_nn_grucell(I, H, B, start):
    ours, theirs = pair(I, H, seed=I * 100 + H)
    g = torch.Generator().manual_seed(B)
    a = b = None if start == "zeros" else torch.randn(B, H, generator=g)
    for t in range(6):
        x = torch.randn(B, I, generator=g) * (1 + 10 * (t == 5))      # the last step saturates the gates
        a, b = ours(x, a), theirs(x, b)
        torch.testing.assert_close(a, b, rtol=1e-5, atol=1e-6, msg=f"step {t}")


def test_a_sequence_agrees_with_nn_gru():
    torch.manual_seed(0)
    gru = torch.nn.GRU(5, 4)
    ours = GRUCell(5, 4)
    ours.load_state_dict({k.removesuffix("_l0"): v for k, v in gru.state_dict().items()})
    xs, h0 = torch.randn(7, 3, 5), torch.randn(1, 3, 4)
    out, h_n = gru(xs, h0)
    h = h0[0]
    for t in range(7):
        h = ours(xs[t], h)
        torch.testing.assert_close(h, out[t], rtol=1e-5, atol=1e-6)
    torch.testing.assert_close(h, h_n[0], rtol=1e-5, atol=1e-6)


def test_float64_and_gradients():
    ours, theirs = pair(3, 4, seed=1)
    ours, theirs = ours.double(), theirs.double()
    g = torch.Generator().manual_seed(2)
    x, h0 = torch.randn(2, 3, generator=g, dtype=torch.float64), torch.randn(2, 4, generator=g, dtype=torch.float64)
    leaves = [t.clone().requires_grad_() for t in (x, h0)]
    twins = [t.clone().requires_grad_() for t in (x, h0)]
    out, ref = ours(*leaves), theirs(*twins)
    assert out.dtype == torch.float64
    up = torch.randn(2, 4, generator=g, dtype=torch.float64)
    mine = torch.autograd.grad(out, leaves + list(ours.parameters()), up)
    theirs_grads = torch.autograd.grad(ref, twins + list(theirs.parameters()), up)
    for a, b in zip(mine, theirs_grads):
        torch.testing.assert_close(a, b, rtol=1e-10, atol=1e-10)


def test_parameters_are_nn_grucells():
    shapes = {k: tuple(v.shape) for k, v in GRUCell(3, 5).state_dict().items()}
    assert shapes == {k: tuple(v.shape) for k, v in torch.nn.GRUCell(3, 5).state_dict().items()}
