import math

import torch


class LossScaler:
    def __init__(self, init_scale=65536.0, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000):
        self.loss_scale = float(init_scale)
        self.growth_factor = growth_factor
        self.backoff_factor = backoff_factor
        self.growth_interval = growth_interval
        self.growth_tracker = 0
        self.overflow = False

    def scale(self, loss):
        return loss.mul(self.loss_scale)

    def step(self, optimizer_step, grads):
        total = 0.0
        for g in grads:
            total += g.sum().item()          # inf or NaN anywhere makes the sum non-finite
        self.overflow = not math.isfinite(total) or any(bool(torch.isnan(g).any()) for g in grads)
        with torch.no_grad():
            for g in grads:
                g.mul_(1.0 / self.loss_scale)
        if not self.overflow:
            optimizer_step()
        return not self.overflow

    def update(self):
        if self.overflow:
            self.growth_tracker = 0
            self.loss_scale = self.loss_scale * self.backoff_factor
        else:
            self.growth_tracker = self.growth_tracker + 1
            if self.growth_tracker >= self.growth_interval:
                self.growth_tracker = 0
                self.loss_scale = self.loss_scale * self.growth_factor
