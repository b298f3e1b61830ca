import pytest
import torch

from reference.lstm_cell import LSTMCell


def pair(I, H, seed):
    torch.manual_seed(seed)
    theirs = torch.nn.LSTMCell(I, H)
    ours = LSTMCell(I, H)
    ours.load_state_dict(theirs.state_dict())
    return ours, theirs


@pytest.mark.parametrize("I,H", [(1, 1), (3, 5), (7, 2), (16, 32)])
@pytest.mark.parametrize("B", [1, 4])
@pytest.mark.parametrize("start", ["zeros", "given"])
def test_steps_agree_with_nn_lstmcell(I, H, B, start):
    ours, theirs = pair(I, H, seed=I * 100 + H)
    g = torch.Generator().manual_seed(B)
    state = None if start == "zeros" else (torch.randn(B, H, generator=g), torch.randn(B, H, generator=g) * 3)
    a = b = state
    for t in range(6):
        x = torch.randn(B, I, generator=g) * (1 + 10 * (t == 5))      # the last step saturates the gates
        a, b = ours(x, a), theirs(x, b)
        torch.testing.assert_close(a, b, rtol=1e-5, atol=1e-6, msg=f"step {t}")


def test_a_sequence_agrees_with_nn_lstm():
    torch.manual_seed(0)
    lstm = torch.nn.LSTM(5, 4, batch_first=False)
    ours = LSTMCell(5, 4)
    ours.load_state_dict({k.removesuffix("_l0"): v for k, v in lstm.state_dict().items()})
    xs = torch.randn(7, 3, 5)
    out, (h_n, c_n) = lstm(xs)
    state = None
    for t in range(7):
        state = ours(xs[t], state)
        torch.testing.assert_close(state[0], out[t], rtol=1e-5, atol=1e-6)
    torch.testing.assert_close(state, (h_n[0], c_n[0]), rtol=1e-5, atol=1e-6)


def test_float64_and_gradients():
    ours, theirs = pair(3, 4, seed=1)
    ours, theirs = ours.double(), theirs.double()
    g = torch.Generator().manual_seed(2)
    x = torch.randn(2, 3, generator=g, dtype=torch.float64)
    h0, c0 = torch.randn(2, 4, generator=g, dtype=torch.float64), torch.randn(2, 4, generator=g, dtype=torch.float64)
    leaves = [t.clone().requires_grad_() for t in (x, h0, c0)]
    twins = [t.clone().requires_grad_() for t in (x, h0, c0)]
    h, c = ours(leaves[0], (leaves[1], leaves[2]))
    h2, c2 = theirs(twins[0], (twins[1], twins[2]))
    assert h.dtype == torch.float64
    up_h, up_c = torch.randn(2, 4, generator=g, dtype=torch.float64), torch.randn(2, 4, generator=g, dtype=torch.float64)
    mine = torch.autograd.grad([h, c], leaves + list(ours.parameters()), [up_h, up_c])
    ref = torch.autograd.grad([h2, c2], twins + list(theirs.parameters()), [up_h, up_c])
    for a, b in zip(mine, ref):
        torch.testing.assert_close(a, b, rtol=1e-10, atol=1e-10)


def test_parameters_are_nn_lstmcells():
    shapes = {k: tuple(v.shape) for k, v in LSTMCell(3, 5).state_dict().items()}
    assert shapes == {k: tuple(v.shape) for k, v in torch.nn.LSTMCell(3, 5).state_dict().items()}
