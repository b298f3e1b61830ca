import pytest
import torch

from reference.sgd_momentum import sgd_step

SHAPES = [[(3, 4), (5,)], [()], [(2, 3, 4), (1,)], [(64, 64)]]


@pytest.mark.parametrize("shapes", SHAPES, ids=str)
@pytest.mark.parametrize("momentum,nesterov", [(0.9, False), (0.9, True), (0.5, True), (0.0, False), (0.99, False)])
@pytest.mark.parametrize("lr,weight_decay", [(0.1, 0.0), (1e-2, 0.5), (1e-3, 0.1)])
def test_agrees_with_torch_optim_sgd(shapes, momentum, nesterov, lr, weight_decay):
    g = torch.Generator().manual_seed(len(shapes))
    start = [torch.randn(s, generator=g) for s in shapes]
    theirs = [torch.nn.Parameter(p.clone()) for p in start]
    opt = torch.optim.SGD(theirs, lr=lr, momentum=momentum, nesterov=nesterov, weight_decay=weight_decay,
                          foreach=False)
    ours, state = [p.clone().requires_grad_() for p in start], {}
    for step in range(1, 8):
        grads = [torch.randn(s, generator=g) for s in shapes]
        for p, gr in zip(theirs, grads):
            p.grad = gr.clone()
        opt.step()
        sgd_step(ours, grads, state, lr, momentum, nesterov, weight_decay)
        for i, (a, b) in enumerate(zip(ours, theirs)):
            torch.testing.assert_close(a.detach(), b.detach(), rtol=1e-5, atol=1e-6, msg=f"step {step}, param {i}")
            if momentum:
                torch.testing.assert_close(state["momentum_buffer"][i], opt.state[b]["momentum_buffer"],
                                           rtol=1e-5, atol=1e-6)


def test_buffer_does_not_share_memory_with_the_gradient():
    p, grad = torch.randn(4).requires_grad_(), torch.randn(4)
    before, state = grad.clone(), {}
    sgd_step([p], [grad], state, 0.1)
    sgd_step([p], [torch.randn(4)], state, 0.1)
    assert torch.equal(grad, before)


def test_prompt_example():
    p, state = torch.tensor([1.0, -2.0], requires_grad=True), {}
    sgd_step([p], [torch.tensor([0.5, -0.1])], state, lr=0.1)
    torch.testing.assert_close(p.detach(), torch.tensor([0.95, -1.99]))
    sgd_step([p], [torch.tensor([0.3, 0.2])], state, lr=0.1)
    torch.testing.assert_close(p.detach(), torch.tensor([0.875, -2.001]))
    torch.testing.assert_close(state["momentum_buffer"][0], torch.tensor([0.75, 0.11]))
