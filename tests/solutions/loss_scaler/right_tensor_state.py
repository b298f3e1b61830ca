import torch


class LossScaler:
    """The scale kept as a float64 tensor, grads unscaled by its reciprocal with foreach ops."""

    def __init__(self, init_scale=65536.0, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000):
        self._scale = torch.tensor(float(init_scale), dtype=torch.float64)
        self._growth = growth_factor
        self._backoff = backoff_factor
        self._interval = growth_interval
        self._tracker = 0
        self._skipped = False

    @property
    def loss_scale(self):
        return self._scale.item()

    @property
    def growth_tracker(self):
        return self._tracker

    def scale(self, loss):
        return loss * self._scale.to(loss.dtype).to(loss.device)

    def step(self, optimizer_step, grads):
        finite = torch.stack([torch.isfinite(g).all() for g in grads]).all() if grads else torch.tensor(True)
        self._skipped = not bool(finite)
        torch._foreach_mul_(grads, 1.0 / self._scale.item())
        if self._skipped:
            return False
        optimizer_step()
        return True

    def update(self):
        if self._skipped:
            self._scale = self._scale * self._backoff
            self._tracker = 0
        elif self._tracker + 1 == self._interval:
            self._scale = self._scale * self._growth
            self._tracker = 0
        else:
            self._tracker += 1
