import torch


def amp_step(model, loss_fn, x, y, optimizer, state, max_norm=1.0, dtype=torch.float16, init_scale=65536.0,
             growth_interval=2000):
    state.setdefault("scale", float(init_scale))
    state.setdefault("growth_tracker", 0)
    optimizer.zero_grad(set_to_none=True)
    with torch.autocast(x.device.type, dtype=dtype):
        out = model(x)
        loss = loss_fn(out, y)
    loss.mul(state["scale"]).backward()
    grads = [p.grad for p in model.parameters()]
    inv_scale = 1.0 / state["scale"]
    torch._foreach_mul_(grads, inv_scale)
    bad = torch.stack([~torch.isfinite(g).all() for g in grads]).any().item()
    if not bad:
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
        optimizer.step()
        state["growth_tracker"] += 1
    else:
        state["growth_tracker"] = 0
        state["scale"] /= 2.0
    if state["growth_tracker"] >= growth_interval:
        state["growth_tracker"] = 0
        state["scale"] *= 2.0
    return float(loss.detach()), not bad
