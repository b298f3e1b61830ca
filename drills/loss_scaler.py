"""Dynamic loss scaling 动态损失缩放

Mixed-precision training computes gradients in float16, whose small values underflow to 0. The
fix: multiply the loss by a large scale before backward() (every gradient is scaled by it too),
divide the gradients by it before the optimizer step, and adjust the scale as training goes:
back off when the scaled gradients overflow (inf or NaN), grow after a long run without
overflow. Write `class LossScaler` with the semantics of torch.amp.GradScaler.

`LossScaler(init_scale=65536.0, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000)`
keeps two attributes the grader reads after every step:
    self.loss_scale       a Python float, the current scale (init_scale at first)
    self.growth_tracker   a Python int, the number of good steps in a row since the scale last
                          changed (0 at first)

A training step calls, in this order:
1. `scale(loss) -> loss * loss_scale`: a tensor of loss's shape and dtype, connected to loss's
   autograd graph (backward through it must work).
2. `step(optimizer_step, grads) -> bool`: `grads` is a list of tensors (the scaled gradients of
   the parameters), `optimizer_step` a function of no arguments that updates the parameters
   from those very tensors.
   - Divide every grad by loss_scale IN PLACE (the optimizer step reads the tensors you were
     given).
   - If any grad holds an inf or a NaN (check the grads as given), do NOT call optimizer_step
     and return False; otherwise call optimizer_step() once and return True.
3. `update() -> None`, after every step:
   - if the last step found an inf or NaN: loss_scale *= backoff_factor, growth_tracker = 0;
   - else growth_tracker += 1, and when it reaches growth_interval: loss_scale *=
     growth_factor and growth_tracker = 0.
- A Python loop over the grads is fine; no loop over their elements or rows. Do not use
  torch.amp.GradScaler or its private helpers.

Example:
    >>> scaler = LossScaler(init_scale=8.0, growth_interval=2)
    >>> g = [torch.tensor([8.0, -16.0])]
    >>> scaler.scale(torch.tensor(0.5))
    tensor(4.)
    >>> scaler.step(sgd_step, g), g      # sgd_step reads g: it sees the unscaled grads
    (True, [tensor([ 1., -2.])])
    >>> scaler.update(); scaler.loss_scale, scaler.growth_tracker
    (8.0, 1)
    >>> _ = scaler.step(sgd_step, [torch.tensor([8.0, 8.0])]); scaler.update()
    >>> scaler.loss_scale, scaler.growth_tracker          # two good steps: grow
    (16.0, 0)
    >>> scaler.step(sgd_step, [torch.tensor([float("inf"), 1.0])])    # overflow: skipped
    False
    >>> scaler.update(); scaler.loss_scale, scaler.growth_tracker
    (8.0, 0)
"""
from typing import Callable

import torch


class LossScaler:
    def __init__(self, init_scale: float = 65536.0, growth_factor: float = 2.0, backoff_factor: float = 0.5,
                 growth_interval: int = 2000):
        # TODO: keep the settings, loss_scale and growth_tracker, and room to remember whether
        # the last step overflowed (about 5 lines)
        raise NotImplementedError

    def scale(self, loss: torch.Tensor) -> torch.Tensor:
        # TODO: (about 1 line)
        raise NotImplementedError

    def step(self, optimizer_step: Callable[[], None], grads: list[torch.Tensor]) -> bool:
        # TODO: look for inf/NaN, unscale in place, step unless something overflowed (about 7 lines)
        raise NotImplementedError

    def update(self) -> None:
        # TODO: back off and reset on overflow, else count, and grow every growth_interval good
        # steps (about 8 lines)
        raise NotImplementedError
