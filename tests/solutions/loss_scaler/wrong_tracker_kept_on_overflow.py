import torch

EXPECT = {
    'LossScaler.scale: values': 'growth counter not reset: after a growth AND after an overflow, growth_tracker goes back to 0, so the scale grows only after growth_interval good steps in a row',
    'LossScaler.step: values': 'growth counter not reset: after a growth AND after an overflow, growth_tracker goes back to 0, so the scale grows only after growth_interval good steps in a row',
    'LossScaler.update: values': 'growth counter not reset: after a growth AND after an overflow, growth_tracker goes back to 0, so the scale grows only after growth_interval good steps in a row',
}


class LossScaler:
    def __init__(self, init_scale=65536.0, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000):
        self.loss_scale = init_scale
        self.growth_factor, self.backoff_factor, self.growth_interval = growth_factor, backoff_factor, growth_interval
        self.growth_tracker = 0
        self.found_inf = False

    def scale(self, loss):
        return loss * self.loss_scale

    def step(self, optimizer_step, grads):
        with torch.no_grad():
            self.found_inf = any(not torch.isfinite(g).all() for g in grads)
            for g in grads:
                g /= self.loss_scale
        if self.found_inf:
            return False
        optimizer_step()
        return True

    def update(self):
        if self.found_inf:
            self.loss_scale *= self.backoff_factor        # the count of good steps survives the overflow
            return
        self.growth_tracker += 1
        if self.growth_tracker == self.growth_interval:
            self.loss_scale *= self.growth_factor
            self.growth_tracker = 0
