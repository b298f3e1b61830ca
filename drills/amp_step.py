"""Mixed-precision training step 混合精度训练步

Write `amp_step(model, loss_fn, x, y, optimizer, state, max_norm=1.0, dtype=torch.float16,
init_scale=65536.0, growth_interval=2000) -> (loss, stepped)`: one training step with automatic
mixed precision and dynamic loss scaling, exactly what this loop does with torch.amp:

    optimizer.zero_grad()
    with torch.autocast(device_type=x.device.type, dtype=dtype):
        loss = loss_fn(model(x), y)
    scaler.scale(loss).backward()
    scaler.unscale_(optimizer)
    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
    scaler.step(optimizer)
    scaler.update()

— but with the scaler written by hand (torch.amp.GradScaler and its private helpers are
banned). `state` is a dict, empty on the first call, that you keep from call to call:
    state["scale"]           a Python float, init_scale at first
    state["growth_tracker"]  a Python int, good steps in a row since the scale last changed (0)

The step, in order:
1. optimizer.zero_grad(), then the forward pass AND the loss under torch.autocast (matmuls run
   in `dtype`; `loss_fn` returns a float32 scalar).
2. backward of loss * scale: every .grad then holds the gradient times scale.
3. Unscale: divide every param's .grad by scale, exactly once.
4. If any grad holds an inf or a NaN (an overflow in half precision, or a bad batch), the step
   is skipped: optimizer.step() is not called.
5. Otherwise clip the UNSCALED grads by their global norm as clip_grad_norm_ does (multiply
   every grad by min(1, max_norm / (total_norm + 1e-6)), total_norm the L2 norm of all grads
   together), then optimizer.step().
6. Update the scale: after an overflow scale *= 0.5 and growth_tracker = 0; else
   growth_tracker += 1, and when it reaches growth_interval, scale *= 2.0 and growth_tracker = 0.
7. Return (loss.item(), the UNSCALED loss as a Python float; whether optimizer.step() ran).

- `model`'s parameters are float32 ("master weights") and all receive gradients;
  `optimizer` has zero_grad() and step(), as a torch.optim.Optimizer does, and reads .grad.
- Leave the grads in .grad as step 5 left them (unscaled, clipped): the grader reads them.

Example:
    >>> model = nn.Linear(2, 1)           # weight [[0.5, -1.0]], bias [0.0]
    >>> optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    >>> loss_fn = lambda out, y: F.mse_loss(out.float(), y)
    >>> x, y = torch.tensor([[1.0, 2.0], [3.0, -1.0]]), torch.tensor([[1.0], [0.0]])
    >>> state = {}
    >>> amp_step(model, loss_fn, x, y, optimizer, state, init_scale=16384.0), state
    ((6.25, False), {'scale': 8192.0, 'growth_tracker': 0})        # 3 * 2.5 * 16384 > 65504
    >>> amp_step(model, loss_fn, x, y, optimizer, state, init_scale=16384.0), state
    ((6.25, True), {'scale': 8192.0, 'growth_tracker': 1})
    >>> model.weight.grad, model.weight.data          # the grads were clipped to norm 1
    (tensor([[ 0.5547, -0.8321]]), tensor([[ 0.4445, -0.9168]]))
"""
import torch


def amp_step(model: torch.nn.Module, loss_fn, x: torch.Tensor, y: torch.Tensor, optimizer, state: dict,
             max_norm: float = 1.0, dtype: torch.dtype = torch.float16, init_scale: float = 65536.0,
             growth_interval: int = 2000) -> tuple[float, bool]:
    # TODO: the state on the first call; zero_grad; forward and loss under autocast; scaled
    # backward; unscale; check for inf/NaN; clip and step unless it overflowed; update the
    # scale; return the loss and whether it stepped (about 25 lines)
    raise NotImplementedError
