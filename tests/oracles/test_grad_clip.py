import pytest
import torch

from reference.grad_clip import clip_grad_norm

SHAPES = [[(3, 4), (5,)], [(2, 3, 4)], [(), (7,), (2, 2)], [(64, 64)] * 8]


@pytest.mark.parametrize("shapes", SHAPES, ids=str)
@pytest.mark.parametrize("max_norm", [1e-3, 0.5, 3.0, 1e4])
@pytest.mark.parametrize("scale", [1e-3, 1.0, 1e3])
def test_agrees_with_clip_grad_norm_(shapes, max_norm, scale):
    gen = torch.Generator().manual_seed(0)
    grads = [torch.randn(s, generator=gen) * scale for s in shapes]
    params = [torch.nn.Parameter(torch.zeros_like(g)) for g in grads]
    for p, g in zip(params, grads):
        p.grad = g.clone()
    want = torch.nn.utils.clip_grad_norm_(params, max_norm)
    got = clip_grad_norm(grads, max_norm)
    torch.testing.assert_close(got, want, rtol=1e-5, atol=0)
    for p, g in zip(params, grads):
        torch.testing.assert_close(g, p.grad, rtol=1e-5, atol=1e-7 * scale)


def test_zero_gradients_stay_zero():
    grads = [torch.zeros(3), torch.zeros(2, 2)]
    assert clip_grad_norm(grads, 1.0).item() == 0.0
    assert all(not g.isnan().any() and not g.any() for g in grads)


def test_prompt_example():
    grads = [torch.tensor([3.0, 0.0]), torch.tensor([[4.0]])]
    torch.testing.assert_close(clip_grad_norm(grads, max_norm=1.0), torch.tensor(5.0))
    torch.testing.assert_close(grads[0], torch.tensor([0.6, 0.0]))
    torch.testing.assert_close(grads[1], torch.tensor([[0.8]]))
