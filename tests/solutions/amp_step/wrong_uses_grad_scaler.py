# amp_step lets GradScaler's helpers do the work
import torch

EXPECT = {
    'values': '',
    'banned calls': '',
}


def amp_step(model: torch.nn.Module, loss_fn, x: torch.Tensor, y: torch.Tensor, optimizer, state: dict,
             max_norm: float = 1.0, dtype: torch.dtype = torch.float16, init_scale: float = 65536.0,
             growth_interval: int = 2000) -> tuple[float, bool]:
    if not state:
        state["scaler"] = torch.amp.GradScaler(x.device.type, init_scale=init_scale, growth_interval=growth_interval)
        state["scale"], state["growth_tracker"] = init_scale, 0
    scaler = state["scaler"]
    scale = state["scale"]
    optimizer.zero_grad()
    with torch.autocast(device_type=x.device.type, dtype=dtype):
        loss = loss_fn(model(x), y)
    scaler.scale(loss).backward()
    grads = [p.grad for p in model.parameters() if p.grad is not None]
    with torch.no_grad():
        inv = torch.full((), 1.0 / scale)
        found = torch.zeros(())
        torch._amp_foreach_non_finite_check_and_unscale_(grads, found, inv)
        found_inf = bool(found.item())
        if not found_inf:
            norm = torch.linalg.vector_norm(torch.stack([torch.linalg.vector_norm(g) for g in grads]))
            factor = (max_norm / (norm + 1e-6)).clamp(max=1.0)      # clip the TRUE gradients
            for g in grads:
                g.mul_(factor)
            optimizer.step()
    if found_inf:                            # overflow: skip the step, try a smaller scale
        state["scale"], state["growth_tracker"] = scale * 0.5, 0
    else:
        state["growth_tracker"] += 1
        if state["growth_tracker"] == growth_interval:      # long without overflow: try a larger one
            state["scale"], state["growth_tracker"] = scale * 2.0, 0
    return loss.item(), not found_inf
