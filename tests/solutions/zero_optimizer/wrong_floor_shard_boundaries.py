import torch
import torch.distributed as dist

EXPECT = {
    'values': 'shard boundaries off when numel is not a multiple of N: pad each flattened parameter to ceil(numel / N) * N and give every rank ceil(numel / N) elements; numel // N leaves the tail elements to no rank',
}


class ZeroAdamW:
    """Shards of numel // N elements: no padding, so the last numel % N elements belong to no rank."""

    def __init__(self, params, stage, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01):
        self.stage, self.lr, self.betas, self.eps, self.wd = stage, lr, betas, eps, weight_decay
        self.rank, self.world = dist.get_rank(), dist.get_world_size()
        self.device = params[0].device
        self.shapes = [p.shape for p in params]
        self.sizes = [p.numel() // self.world for p in params]
        self.tails = [p.reshape(-1)[s * self.world:].clone() for p, s in zip(params, self.sizes)]
        self.params = params if stage < 3 else None
        self.shards = None if stage < 3 else [p.reshape(-1)[self.rank * s:(self.rank + 1) * s].clone()
                                              for p, s in zip(params, self.sizes)]
        self.exp_avg = [torch.zeros(s, device=self.device) for s in self.sizes]
        self.exp_avg_sq = [torch.zeros(s, device=self.device) for s in self.sizes]
        self.t = 0

    def gather(self, i, shard):
        out = shard.new_empty(self.sizes[i] * self.world)
        dist.all_gather_into_tensor(out, shard)
        return torch.cat([out, self.tails[i]]).view(self.shapes[i])

    def full_params(self):
        if self.stage < 3:
            return self.params
        return [self.gather(i, s) for i, s in enumerate(self.shards)]

    def step(self, grads):
        self.t += 1
        b1, b2 = self.betas
        for i, g in enumerate(grads):
            s = self.sizes[i]
            flat = g.reshape(-1)[:s * self.world].contiguous()
            if self.stage == 1:
                dist.all_reduce(flat)
                mine = flat[self.rank * s:(self.rank + 1) * s] / self.world
            else:
                mine = flat.new_empty(s)
                dist.reduce_scatter_tensor(mine, flat)
                mine /= self.world
            p = self.shards[i] if self.stage == 3 else self.params[i].reshape(-1)[self.rank * s:(self.rank + 1) * s].clone()
            m, v = self.exp_avg[i], self.exp_avg_sq[i]
            p.mul_(1 - self.lr * self.wd)
            m.mul_(b1).add_(mine, alpha=1 - b1)
            v.mul_(b2).addcmul_(mine, mine, value=1 - b2)
            p.addcdiv_(m, (v / (1 - b2 ** self.t)).sqrt() + self.eps, value=-self.lr / (1 - b1 ** self.t))
            if self.stage < 3:
                self.params[i].copy_(self.gather(i, p))
