from typing import Callable

import torch


class LossScaler:
    def __init__(self, init_scale: float = 65536.0, growth_factor: float = 2.0, backoff_factor: float = 0.5,
                 growth_interval: int = 2000):
        self.loss_scale = init_scale
        self.growth_factor, self.backoff_factor = growth_factor, backoff_factor
        self.growth_interval = growth_interval
        self.growth_tracker = 0             # good steps in a row since the scale last changed
        self.found_inf = False

    def scale(self, loss: torch.Tensor) -> torch.Tensor:
        return loss * self.loss_scale       # still in the graph: backward() gives scaled gradients

    def step(self, optimizer_step: Callable[[], None], grads: list[torch.Tensor]) -> bool:
        with torch.no_grad():
            # inf or NaN anywhere means the scaled backward overflowed: this step's grads are garbage
            self.found_inf = any(not torch.isfinite(g).all() for g in grads)
            for g in grads:
                g.div_(self.loss_scale)     # in place: the optimizer step reads these tensors
        if self.found_inf:
            return False
        optimizer_step()
        return True

    def update(self) -> None:
        if self.found_inf:                  # overflow: back off and start counting again
            self.loss_scale *= self.backoff_factor
            self.growth_tracker = 0
            return
        self.growth_tracker += 1
        if self.growth_tracker == self.growth_interval:     # a long run without overflow: try a larger scale
            self.loss_scale *= self.growth_factor
            self.growth_tracker = 0
