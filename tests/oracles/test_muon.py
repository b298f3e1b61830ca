import pytest
import torch

from reference.muon import muon_step, newton_schulz

A, B, C = 3.4445, -4.7750, 2.0315


def by_svd(G, steps):
    """The iteration acts on each singular value alone: U diag(p^steps(s / ‖G‖_F)) Vᵀ, in float64."""
    U, s, Vh = torch.linalg.svd(G.double(), full_matrices=False)
    x = s / (s.square().sum().sqrt() + 1e-7)
    for _ in range(steps):
        x = A * x + B * x ** 3 + C * x ** 5
    return U @ torch.diag(x) @ Vh


@pytest.mark.parametrize("shape", [(1, 1), (1, 7), (7, 1), (4, 9), (9, 4), (16, 16), (64, 8)])
@pytest.mark.parametrize("steps", [1, 3, 5])
def test_agrees_with_the_iteration_on_singular_values(shape, steps):
    g = torch.Generator().manual_seed(shape[0] * 100 + shape[1])
    G = 5 * torch.randn(shape, generator=g, dtype=torch.float64)
    torch.testing.assert_close(newton_schulz(G, steps), by_svd(G, steps), rtol=1e-9, atol=1e-9)
    got32 = newton_schulz(G.float(), steps)
    assert got32.dtype == torch.float32 and got32.shape == G.shape
    torch.testing.assert_close(got32.double(), by_svd(G, steps), rtol=1e-4, atol=2e-5)


def test_singular_values_near_one():
    """Singular values at least 1/20 of the largest all land in [0.68, 1.14] after five steps."""
    g = torch.Generator().manual_seed(0)
    for rows, cols in ((32, 8), (8, 32), (12, 12)):
        r = min(rows, cols)
        U = torch.linalg.qr(torch.randn(rows, r, generator=g, dtype=torch.float64))[0]
        V = torch.linalg.qr(torch.randn(cols, r, generator=g, dtype=torch.float64))[0]
        G = U @ torch.diag(torch.linspace(0.05, 1.0, r, dtype=torch.float64)) @ V.T
        s = torch.linalg.svdvals(newton_schulz(G))
        assert 0.68 <= s.min() and s.max() <= 1.14, s


def test_zero_matrix_gives_zero():
    assert torch.equal(newton_schulz(torch.zeros(3, 5)), torch.zeros(3, 5))


@pytest.mark.parametrize("nesterov", [True, False])
@pytest.mark.parametrize("weight_decay", [0.0, 0.1])
def test_agrees_with_torch_optim_muon(nesterov, weight_decay):
    """torch.optim.Muon runs Newton–Schulz in bfloat16: agreement to its precision over several steps."""
    g = torch.Generator().manual_seed(1)
    shapes = [(6, 3), (3, 6), (5, 5), (1, 4)]
    ours = [torch.randn(s, generator=g).requires_grad_() for s in shapes]
    theirs = [p.detach().clone().requires_grad_() for p in ours]
    opt = torch.optim.Muon(theirs, lr=0.02, momentum=0.9, nesterov=nesterov, weight_decay=weight_decay)
    state = {}
    for _ in range(4):
        grads = [torch.randn(s, generator=g) for s in shapes]
        muon_step(ours, grads, state, lr=0.02, momentum=0.9, nesterov=nesterov, weight_decay=weight_decay)
        for p, gr in zip(theirs, grads):
            p.grad = gr.clone()
        opt.step()
    for p, q, buf in zip(ours, theirs, state["momentum_buffer"]):
        torch.testing.assert_close(p.detach(), q.detach(), rtol=0, atol=2e-3)      # bf16: ~0.4% of an lr step
        torch.testing.assert_close(buf, opt.state[q]["momentum_buffer"])


def test_step_in_float64_matches_the_closed_form():
    """One step from an empty state: buf = (1 - μ) g, u = (1 - μ)(1 + μ) g, and newton_schulz is scale-free."""
    g = torch.Generator().manual_seed(2)
    p0, grad = torch.randn(7, 3, generator=g, dtype=torch.float64), torch.randn(7, 3, generator=g, dtype=torch.float64)
    p = p0.clone().requires_grad_()
    muon_step([p], [grad], {}, lr=0.1, momentum=0.9, weight_decay=0.2)
    want = p0 * (1 - 0.1 * 0.2) - 0.1 * (7 / 3) ** 0.5 * by_svd(grad, 5)
    torch.testing.assert_close(p.detach(), want, rtol=1e-6, atol=1e-6)


def test_prompt_example():
    torch.testing.assert_close(newton_schulz(torch.tensor([[3.0, 0.0], [0.0, 4.0]])),
                               torch.tensor([[0.7229, 0.0], [0.0, 1.1192]]), atol=1e-4, rtol=0)
    p = torch.tensor([[1.0, -1.0], [0.5, 2.0]], requires_grad=True)
    state = {}
    muon_step([p], [torch.tensor([[0.5, 0.0], [0.0, -0.25]])], state, lr=0.1)
    torch.testing.assert_close(p.detach(), torch.tensor([[0.9311, -1.0], [0.5, 2.1114]]), atol=1e-4, rtol=0)
    torch.testing.assert_close(state["momentum_buffer"][0], torch.tensor([[0.025, 0.0], [0.0, -0.0125]]))
