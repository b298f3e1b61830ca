import pytest
import torch

from reference.optimizers import adagrad_step, adam_step, lion_step, rmsprop_step

SHAPES = [[(3, 4), (5,)], [()], [(2, 3, 4), (1,)]]


def against_torch_optim(step, optimizer, kwargs, shapes, grad_scale, state_keys, steps=8):
    """Several steps of `step` and of torch.optim's `optimizer` on the same gradients: params and state agree."""
    g = torch.Generator().manual_seed(len(shapes))
    start = [torch.randn(s, generator=g) for s in shapes]
    theirs = [torch.nn.Parameter(p.clone()) for p in start]
    opt = optimizer(theirs, foreach=False, **kwargs)
    ours, state = [p.clone().requires_grad_() for p in start], {}
    for i in range(1, steps + 1):
        grads = [torch.randn(s, generator=g) * grad_scale for s in shapes]
        for p, gr in zip(theirs, grads):
            p.grad = gr.clone()
        opt.step()
        step(ours, grads, state, **kwargs)
        for j, (a, b) in enumerate(zip(ours, theirs)):
            torch.testing.assert_close(a.detach(), b.detach(), rtol=1e-5, atol=1e-6, msg=f"step {i}, param {j}")
            for ours_key, their_key in state_keys.items():
                theirs_now = opt.state[b][their_key]        # updated with lerp_: rounding differs near 0
                torch.testing.assert_close(state[ours_key][j], theirs_now, rtol=1e-5,
                                           atol=1e-6 * theirs_now.abs().max().item(), msg=f"step {i}, {ours_key}[{j}]")
    return state


@pytest.mark.parametrize("shapes", SHAPES, ids=str)
@pytest.mark.parametrize("kwargs", [dict(lr=1e-3), dict(lr=0.1, betas=(0.8, 0.99), eps=1e-6, weight_decay=0.5),
                                    dict(lr=1e-2, betas=(0.5, 0.9), eps=1e-3, weight_decay=0.1)], ids=str)
@pytest.mark.parametrize("grad_scale", [1e-6, 1.0, 1e3])
def test_adam_agrees_with_torch_optim_adam(shapes, kwargs, grad_scale):
    state = against_torch_optim(adam_step, torch.optim.Adam, kwargs, shapes, grad_scale,
                                {"exp_avg": "exp_avg", "exp_avg_sq": "exp_avg_sq"})
    assert state["step"] == 8 and isinstance(state["step"], int)


@pytest.mark.parametrize("shapes", SHAPES, ids=str)
@pytest.mark.parametrize("kwargs", [dict(lr=0.1), dict(lr=0.01, eps=1e-6, weight_decay=0.5),
                                    dict(lr=0.5, eps=1e-3, weight_decay=0.1, initial_accumulator_value=0.5)], ids=str)
@pytest.mark.parametrize("grad_scale", [1e-6, 1.0, 1e3])
def test_adagrad_agrees_with_torch_optim_adagrad(shapes, kwargs, grad_scale):
    against_torch_optim(adagrad_step, torch.optim.Adagrad, kwargs, shapes, grad_scale, {"sum": "sum"})


@pytest.mark.parametrize("shapes", SHAPES, ids=str)
@pytest.mark.parametrize("momentum", [0.0, 0.5, 0.9])
@pytest.mark.parametrize("centered", [False, True])
@pytest.mark.parametrize("kwargs", [dict(lr=1e-2), dict(lr=1e-3, alpha=0.9, eps=1e-6, weight_decay=0.1),
                                    dict(lr=0.1, alpha=0.5, eps=1e-3)], ids=str)
@pytest.mark.parametrize("grad_scale", [1e-6, 1.0, 1e3])
def test_rmsprop_agrees_with_torch_optim_rmsprop(shapes, momentum, centered, kwargs, grad_scale):
    kwargs = dict(kwargs, momentum=momentum, centered=centered)
    keys = {"square_avg": "square_avg"} | ({"grad_avg": "grad_avg"} if centered else {}) | \
        ({"momentum_buffer": "momentum_buffer"} if momentum > 0 else {})
    against_torch_optim(rmsprop_step, torch.optim.RMSprop, kwargs, shapes, grad_scale, keys)


def lion_as_in_the_paper(params, grads_per_step, lr, betas=(0.9, 0.99), weight_decay=0.0):
    """Algorithm 2 of Chen et al. (2023), written plainly in float64 with Python numbers, element by element."""
    b1, b2 = betas
    theta = [p.double().flatten().tolist() for p in params]
    m = [[0.0] * len(t) for t in theta]
    history = []
    for grads in grads_per_step:
        for t, mt, g in zip(theta, m, grads):
            for k, gk in enumerate(g.double().flatten().tolist()):
                c = b1 * mt[k] + (1 - b1) * gk
                sign = (c > 0) - (c < 0)
                t[k] = t[k] - lr * (sign + weight_decay * t[k])
                mt[k] = b2 * mt[k] + (1 - b2) * gk
        history.append(([list(t) for t in theta], [list(x) for x in m]))
    return history


@pytest.mark.parametrize("shapes", SHAPES, ids=str)
@pytest.mark.parametrize("kwargs", [dict(lr=1e-3), dict(lr=0.1, betas=(0.95, 0.98), weight_decay=1.0),
                                    dict(lr=0.01, betas=(0.5, 0.9), weight_decay=0.1)], ids=str)
@pytest.mark.parametrize("grad_scale", [1e-6, 1.0, 1e3])
def test_lion_agrees_with_the_paper(shapes, kwargs, grad_scale):
    g = torch.Generator().manual_seed(7 + len(shapes))
    start = [torch.randn(s, generator=g) for s in shapes]
    steps = [[torch.randn(s, generator=g) * grad_scale for s in shapes] for _ in range(8)]
    want = lion_as_in_the_paper(start, steps, **kwargs)
    ours, state = [p.clone().requires_grad_() for p in start], {}
    for i, (grads, (theta, m)) in enumerate(zip(steps, want), 1):
        lion_step(ours, grads, state, **kwargs)
        for j, p in enumerate(ours):
            torch.testing.assert_close(p.detach().double().flatten(), torch.tensor(theta[j], dtype=torch.float64),
                                       rtol=1e-5, atol=1e-6, msg=f"step {i}, param {j}")
            torch.testing.assert_close(state["exp_avg"][j].double().flatten(), torch.tensor(m[j], dtype=torch.float64),
                                       rtol=1e-5, atol=1e-6 * grad_scale, msg=f"step {i}, exp_avg[{j}]")


@pytest.mark.parametrize("step", [adam_step, adagrad_step, rmsprop_step, lion_step])
def test_grads_left_unchanged(step):
    p, grad = torch.randn(4).requires_grad_(), torch.randn(4)
    before = grad.clone()
    step([p], [grad], {}, 0.1, weight_decay=0.1)
    assert torch.equal(grad, before)


def test_prompt_example():
    p, state = torch.tensor([1.0, -2.0], requires_grad=True), {}
    adam_step([p], [torch.tensor([0.5, -0.1])], state, lr=0.1, weight_decay=0.1)
    torch.testing.assert_close(p.detach(), torch.tensor([0.9, -1.9]))
    assert state["step"] == 1
    torch.testing.assert_close(state["exp_avg"][0], torch.tensor([0.06, -0.03]))
    q, s = torch.tensor([1.0, -2.0], requires_grad=True), {}
    adagrad_step([q], [torch.tensor([0.5, -0.1])], s, lr=0.1)
    adagrad_step([q], [torch.tensor([0.5, 0.2])], s, lr=0.1)
    torch.testing.assert_close(q.detach(), torch.tensor([0.8293, -1.9894]), rtol=0, atol=1e-4)
    torch.testing.assert_close(s["sum"][0], torch.tensor([0.5, 0.05]))
    r, s = torch.tensor([1.0, -2.0], requires_grad=True), {}
    rmsprop_step([r], [torch.tensor([0.5, -0.1])], s, lr=0.01)
    torch.testing.assert_close(r.detach(), torch.tensor([0.9, -1.9]))
    torch.testing.assert_close(s["square_avg"][0], torch.tensor([0.0025, 0.0001]))
    w, s = torch.tensor([1.0, -2.0], requires_grad=True), {}
    lion_step([w], [torch.tensor([0.5, -0.1])], s, lr=0.1, weight_decay=0.1)
    torch.testing.assert_close(w.detach(), torch.tensor([0.89, -1.88]))
    torch.testing.assert_close(s["exp_avg"][0], torch.tensor([0.005, -0.001]))
