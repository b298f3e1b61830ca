import torch
import torch.distributed as dist
import torch.nn.functional as F

EXPECT = {
    'values': 'gradients all-reduced at stage 2 or 3: reduce-scatter them (dist.reduce_scatter_tensor), so that each rank only ever receives its shard of the averaged gradient',
}


class ZeroAdamW:
    def __init__(self, params: list[torch.Tensor], stage: int, lr: float = 1e-3,
                 betas: tuple[float, float] = (0.9, 0.999), eps: float = 1e-8, weight_decay: float = 0.01):
        self.stage, self.lr, self.betas, self.eps, self.weight_decay = stage, lr, betas, eps, weight_decay
        self.rank, self.world = dist.get_rank(), dist.get_world_size()
        self.shapes = [p.shape for p in params]
        self.sizes = [-(-p.numel() // self.world) for p in params]   # numel padded to a multiple of N, / N
        if stage < 3:
            self.params = params                                     # whole on every rank, updated in place
        else:                                                        # stage 3: only this rank's shard stays
            self.shards = [self.own(p, size).clone() for p, size in zip(params, self.sizes)]
        self.exp_avg = [torch.zeros(size, dtype=p.dtype, device=p.device) for p, size in zip(params, self.sizes)]
        self.exp_avg_sq = [torch.zeros(size, dtype=p.dtype, device=p.device) for p, size in zip(params, self.sizes)]
        self.steps = 0

    def padded(self, t: torch.Tensor, size: int) -> torch.Tensor:
        return F.pad(t.reshape(-1), (0, size * self.world - t.numel()))   # (size * N,), zeros at the end

    def own(self, t: torch.Tensor, size: int) -> torch.Tensor:
        return self.padded(t, size)[self.rank * size:(self.rank + 1) * size]

    def gathered(self, shard: torch.Tensor, shape) -> torch.Tensor:
        full = shard.new_empty(shard.numel() * self.world)
        dist.all_gather_into_tensor(full, shard)
        return full[:shape.numel()].view(shape)                     # padding dropped

    def full_params(self) -> list[torch.Tensor]:
        if self.stage < 3:
            return self.params
        return [self.gathered(shard, shape) for shard, shape in zip(self.shards, self.shapes)]

    def step(self, grads: list[torch.Tensor]) -> None:
        self.steps += 1
        beta1, beta2 = self.betas
        bias1, bias2 = 1 - beta1 ** self.steps, 1 - beta2 ** self.steps
        for i, (g, size) in enumerate(zip(grads, self.sizes)):
            if True:                                                 # the whole averaged gradient, then our part
                flat = self.padded(g, size)
                dist.all_reduce(flat)
                g = flat[self.rank * size:(self.rank + 1) * size] / self.world
            p = self.shards[i] if self.stage == 3 else self.own(self.params[i], size).clone()
            m, v = self.exp_avg[i], self.exp_avg_sq[i]
            p.mul_(1 - self.lr * self.weight_decay)                  # AdamW, exactly as torch.optim.AdamW
            m.mul_(beta1).add_(g, alpha=1 - beta1)
            v.mul_(beta2).addcmul_(g, g, value=1 - beta2)
            p.addcdiv_(m, (v / bias2).sqrt().add_(self.eps), value=-self.lr / bias1)
            if self.stage < 3:                                       # every rank needs every updated part
                self.params[i].copy_(self.gathered(p, self.shapes[i]))
