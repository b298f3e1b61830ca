import pytest
import torch
import torch.nn.functional as F
from torch import nn

from reference.amp_step import amp_step


def model_for(seed):
    torch.manual_seed(seed)
    return nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 2))


def loss_fn(out, y):
    return F.mse_loss(out.float(), y)


def batches(seed, steps, poisoned, x_scale):
    g = torch.Generator().manual_seed(seed)
    out = []
    for i in range(steps):
        x, y = torch.randn(5, 4, generator=g) * x_scale, torch.randn(5, 2, generator=g)
        if i in poisoned:
            x[i % 5, i % 4] = poisoned[i]
        out.append((x, y))
    return out


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
@pytest.mark.parametrize("init_scale,growth_interval", [(2.0 ** 24, 2), (2.0 ** 16, 3), (1.0, 1), (1024.0, 2000)])
@pytest.mark.parametrize("max_norm", [0.1, 1.0, 100.0])
@pytest.mark.parametrize("x_scale", [1.0, 30.0])
def test_agrees_with_autocast_and_grad_scaler(dtype, init_scale, growth_interval, max_norm, x_scale):
    """torch.autocast, GradScaler, clip_grad_norm_ and torch.optim.SGD on the CPU, step by step."""
    ours, theirs = model_for(1), model_for(1)
    opt_ours = torch.optim.SGD(ours.parameters(), lr=0.1, momentum=0.9)
    opt_theirs = torch.optim.SGD(theirs.parameters(), lr=0.1, momentum=0.9)
    scaler = torch.amp.GradScaler("cpu", init_scale=init_scale, growth_interval=growth_interval)
    state = {}
    for i, (x, y) in enumerate(batches(2, 16, {4: float("inf"), 9: float("nan"), 10: float("-inf")}, x_scale)):
        loss, stepped = amp_step(ours, loss_fn, x, y, opt_ours, state, max_norm, dtype, init_scale, growth_interval)

        opt_theirs.zero_grad()
        with torch.autocast("cpu", dtype=dtype):
            their_loss = loss_fn(theirs(x), y)
        scaler.scale(their_loss).backward()
        scaler.unscale_(opt_theirs)
        torch.nn.utils.clip_grad_norm_(theirs.parameters(), max_norm)
        found_inf = sum(v.item() for v in scaler._found_inf_per_device(opt_theirs).values())
        scaler.step(opt_theirs)
        scaler.update()

        assert stepped == (found_inf == 0), f"step {i}"
        assert isinstance(loss, float) and (loss == their_loss.item() or loss != loss and their_loss.isnan())
        assert isinstance(state["scale"], float) and state["scale"] == scaler.get_scale(), f"step {i}"
        assert state["growth_tracker"] == scaler._growth_tracker.item(), f"step {i}"
        for a, b in zip(ours.parameters(), theirs.parameters()):
            torch.testing.assert_close(a, b, rtol=1e-6, atol=1e-7, msg=f"step {i}")
            if stepped:
                torch.testing.assert_close(a.grad, b.grad, rtol=1e-6, atol=1e-7, msg=f"step {i}")


def test_skipped_steps_leave_the_weights():
    model = model_for(3)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    state = {}
    before = [p.detach().clone() for p in model.parameters()]
    x, y = torch.randn(3, 4), torch.randn(3, 2)
    x[0, 0] = float("nan")
    assert amp_step(model, loss_fn, x, y, optimizer, state, init_scale=8.0)[1] is False
    assert all(torch.equal(a, b) for a, b in zip(before, model.parameters()))
    assert state == {"scale": 4.0, "growth_tracker": 0}


def test_prompt_example():
    model = nn.Linear(2, 1)
    with torch.no_grad():
        model.weight.copy_(torch.tensor([[0.5, -1.0]]))
        model.bias.zero_()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    x, y = torch.tensor([[1.0, 2.0], [3.0, -1.0]]), torch.tensor([[1.0], [0.0]])
    state = {}
    assert amp_step(model, loss_fn, x, y, optimizer, state, init_scale=16384.0) == (6.25, False)
    assert state == {"scale": 8192.0, "growth_tracker": 0}
    assert amp_step(model, loss_fn, x, y, optimizer, state, init_scale=16384.0) == (6.25, True)
    assert state == {"scale": 8192.0, "growth_tracker": 1}
    torch.testing.assert_close(model.weight.grad, torch.tensor([[0.5547, -0.8321]]), rtol=0, atol=1e-4)
    torch.testing.assert_close(model.weight.detach(), torch.tensor([[0.4445, -0.9168]]), rtol=0, atol=1e-4)
