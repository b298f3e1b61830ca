import torch

EXPECT = {
    'LossScaler.update: dtype': '',
    'LossScaler.update: device (emulated)': 'tensor created on a hard-coded device',
}


class LossScaler:
    """The scale kept as a tensor, as torch.amp.GradScaler keeps its _scale."""

    def __init__(self, init_scale=65536.0, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000):
        self.loss_scale = torch.tensor(float(init_scale))
        self.growth_factor, self.backoff_factor = growth_factor, backoff_factor
        self.growth_interval = growth_interval
        self.growth_tracker = 0
        self.found_inf = False

    def scale(self, loss):
        return loss * self.loss_scale.to(loss.dtype)

    def step(self, optimizer_step, grads):
        with torch.no_grad():
            self.found_inf = any(not torch.isfinite(g).all() for g in grads)
            for g in grads:
                g.div_(self.loss_scale.to(g.dtype))
        if self.found_inf:
            return False
        optimizer_step()
        return True

    def update(self):
        if self.found_inf:
            self.loss_scale = self.loss_scale * self.backoff_factor
            self.growth_tracker = 0
            return
        self.growth_tracker += 1
        if self.growth_tracker == self.growth_interval:
            self.loss_scale = self.loss_scale * self.growth_factor
            self.growth_tracker = 0
