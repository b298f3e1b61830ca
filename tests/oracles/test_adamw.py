import pytest
import torch

from reference.adamw import adamw_step

SHAPES = [[(3, 4), (5,)], [()], [(2, 3, 4), (1,)], [(64, 64)]]


@pytest.mark.parametrize("shapes", SHAPES, ids=str)
@pytest.mark.parametrize("lr,betas,eps,weight_decay", [(1e-3, (0.9, 0.999), 1e-8, 0.01), (0.1, (0.8, 0.99), 1e-6, 0.5),
                                                      (1e-2, (0.5, 0.9), 1e-3, 0.0)])
@pytest.mark.parametrize("grad_scale", [1e-6, 1.0, 1e3])
def test_agrees_with_torch_optim_adamw(shapes, lr, betas, eps, weight_decay, grad_scale):
    g = torch.Generator().manual_seed(len(shapes))
    start = [torch.randn(s, generator=g) for s in shapes]
    theirs = [torch.nn.Parameter(p.clone()) for p in start]
    opt = torch.optim.AdamW(theirs, lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, foreach=False)
    ours, state = [p.clone().requires_grad_() for p in start], {}
    for step in range(1, 8):
        grads = [torch.randn(s, generator=g) * grad_scale for s in shapes]
        for p, gr in zip(theirs, grads):
            p.grad = gr.clone()
        opt.step()
        adamw_step(ours, grads, state, lr, betas, eps, weight_decay)
        assert state["step"] == step
        for i, (a, b) in enumerate(zip(ours, theirs)):
            torch.testing.assert_close(a.detach(), b.detach(), rtol=1e-5, atol=1e-6, msg=f"step {step}, param {i}")
            # PyTorch updates m with lerp_: rounding differs where m is near 0
            torch.testing.assert_close(state["exp_avg"][i], opt.state[b]["exp_avg"], rtol=1e-5,
                                       atol=1e-6 * grad_scale)
            torch.testing.assert_close(state["exp_avg_sq"][i], opt.state[b]["exp_avg_sq"], rtol=1e-5,
                                       atol=1e-6 * grad_scale**2)


def test_grads_left_unchanged():
    p, grad = torch.randn(4).requires_grad_(), torch.randn(4)
    before = grad.clone()
    adamw_step([p], [grad], {}, 0.1)
    assert torch.equal(grad, before)


def test_prompt_example():
    p = torch.tensor([1.0, -2.0], requires_grad=True)
    state = {}
    adamw_step([p], [torch.tensor([0.5, -0.1])], state, lr=0.1, weight_decay=0.1)
    torch.testing.assert_close(p.detach(), torch.tensor([0.89, -1.88]))
    assert state["step"] == 1
    torch.testing.assert_close(state["exp_avg"][0], torch.tensor([0.05, -0.01]))
    torch.testing.assert_close(state["exp_avg_sq"][0], torch.tensor([2.5e-4, 1e-5]))
