import math

import torch


def amp_step(model, loss_fn, x, y, optimizer, state, max_norm=1.0, dtype=torch.float16, init_scale=65536.0,
             growth_interval=2000):
    if "scale" not in state:
        state.update(scale=init_scale, growth_tracker=0)
    params = list(model.parameters())
    optimizer.zero_grad()
    with torch.autocast(device_type=x.device.type, dtype=dtype):
        prediction = model(x)
        loss = loss_fn(prediction, y)
    torch.autograd.backward(loss * state["scale"])
    with torch.no_grad():
        for p in params:
            p.grad = p.grad / state["scale"]               # new tensors: the optimiser reads whatever .grad holds
        flat = torch.cat([p.grad.reshape(-1) for p in params])
        overflow = not math.isfinite(flat.sum().item()) or bool(flat.isnan().any())
        if overflow:
            state["scale"] = state["scale"] * 0.5
            state["growth_tracker"] = 0
            return loss.item(), False
        total = flat.norm()
        if total > max_norm:                                # below it the factor would be 1 (to within 1e-6)
            factor = torch.clamp(max_norm / (total + 1e-6), max=1.0)
            for p in params:
                p.grad *= factor
        optimizer.step()
    state["growth_tracker"] += 1
    if state["growth_tracker"] == growth_interval:
        state["scale"], state["growth_tracker"] = state["scale"] * 2.0, 0
    return loss.item(), True
