"""The reference against torch.amp.GradScaler on the CPU: the same scaled gradients each step
(some with inf or NaN), SGD as the optimizer; after every step the scale, the growth tracker,
whether the optimizer stepped, and the parameters agree."""
import pytest
import torch

from reference.loss_scaler import LossScaler

SETTINGS = [dict(init_scale=65536.0, growth_factor=2.0, backoff_factor=0.5, growth_interval=3),
            dict(init_scale=8.0, growth_factor=2.0, backoff_factor=0.5, growth_interval=1),
            dict(init_scale=1000.0, growth_factor=3.0, backoff_factor=0.25, growth_interval=4),
            dict(init_scale=1.0, growth_factor=1.5, backoff_factor=0.5, growth_interval=2)]


def pattern(seed, n):
    g = torch.Generator().manual_seed(seed)
    return [["", "inf", "-inf", "nan"][int(i)] if r < 0.3 else ""
            for r, i in zip(torch.rand(n, generator=g).tolist(), torch.randint(1, 4, (n,), generator=g).tolist())]


@pytest.mark.parametrize("settings", SETTINGS, ids=lambda s: f"{s['init_scale']:g}-{s['growth_interval']}")
@pytest.mark.parametrize("seed", range(4))
def test_agrees_with_grad_scaler(settings, seed):
    g = torch.Generator().manual_seed(seed)
    shapes = [(3, 4), (4,), ()]
    start = [torch.randn(s, generator=g) for s in shapes]
    theirs = [torch.nn.Parameter(p.clone()) for p in start]
    opt = torch.optim.SGD(theirs, lr=0.1)
    scaler = torch.amp.GradScaler("cpu", **settings)
    ours, mine = [p.clone() for p in start], LossScaler(**settings)
    for step, kind in enumerate(pattern(seed, 40)):
        grads = [torch.randn(s, generator=g) * settings["init_scale"] for s in shapes]
        if kind:
            grads[step % len(grads)].view(-1)[0] = float(kind)
        for p, gr in zip(theirs, grads):
            p.grad = gr.clone()
        loss = torch.tensor(0.75, requires_grad=True)
        torch.testing.assert_close(mine.scale(loss), scaler.scale(loss))
        scaler.step(opt)
        scaler.update()

        given = [gr.clone() for gr in grads]
        took = []

        def sgd_step():
            took.append(True)
            for p, gr in zip(ours, given):
                p.sub_(0.1 * gr)
        stepped = mine.step(sgd_step, given)
        mine.update()
        assert stepped == (not kind) and len(took) == (not kind)
        assert mine.loss_scale == pytest.approx(scaler.get_scale(), rel=1e-6), step
        assert mine.growth_tracker == int(scaler._growth_tracker), step
        for a, b in zip(ours, theirs):
            torch.testing.assert_close(a, b.detach(), rtol=1e-5, atol=1e-6)


def test_scaled_loss_keeps_its_graph():
    loss = torch.tensor(0.5, requires_grad=True)
    scaled = LossScaler(init_scale=1024.0).scale(loss)
    scaled.backward()
    assert loss.grad == 1024.0
