import torch

EXPECT = {
    'LossScaler.scale: values': 'NaN not detected (torch.isinf misses NaN): skip the step when any grad is not finite (torch.isfinite)',
    'LossScaler.step: values': 'NaN not detected (torch.isinf misses NaN): skip the step when any grad is not finite (torch.isfinite)',
    'LossScaler.step: no step on overflow': 'NaN not detected (torch.isinf misses NaN): skip the step when any grad is not finite (torch.isfinite)',
    'LossScaler.update: values': 'NaN not detected (torch.isinf misses NaN): skip the step when any grad is not finite (torch.isfinite)',
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
            self.found_inf = any(torch.isinf(g).any().item() for g in grads)
            for g in grads:
                g /= self.loss_scale
        if self.found_inf:
            return False
        optimizer_step()
        return True

    def update(self):
        if self.found_inf:
            self.loss_scale *= self.backoff_factor
            self.growth_tracker = 0
        else:
            self.growth_tracker += 1
            if self.growth_tracker == self.growth_interval:
                self.loss_scale *= self.growth_factor
                self.growth_tracker = 0
