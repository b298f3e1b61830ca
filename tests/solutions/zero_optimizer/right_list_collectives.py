import math

import torch
import torch.distributed as dist


class ZeroAdamW:
    """List-based collectives (all_gather, reduce_scatter) and an fp32 master shard kept at every stage."""

    def __init__(self, params, stage, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01):
        self.stage, self.lr, self.eps, self.wd = stage, lr, eps, weight_decay
        self.beta1, self.beta2 = betas
        self.rank, self.n = dist.get_rank(), dist.get_world_size()
        self.device = params[0].device
        self.meta = [(p.shape, p.numel(), math.ceil(p.numel() / self.n)) for p in params]
        self.params = params if stage < 3 else []
        self.master = []
        for p, (_, numel, s) in zip(params, self.meta):
            flat = torch.zeros(s * self.n, device=self.device)
            flat[:numel] = p.reshape(-1)
            self.master.append(flat[self.rank * s:(self.rank + 1) * s].clone())
        self.exp_avg = [torch.zeros(s, device=self.device) for _, _, s in self.meta]
        self.exp_avg_sq = [torch.zeros(s, device=self.device) for _, _, s in self.meta]
        self.t = 0

    def _gather(self, i):
        shape, numel, s = self.meta[i]
        pieces = [torch.empty(s, device=self.device) for _ in range(self.n)]
        dist.all_gather(pieces, self.master[i])
        return torch.cat(pieces)[:numel].reshape(shape)

    def full_params(self):
        if self.stage < 3:
            return self.params
        return [self._gather(i) for i in range(len(self.meta))]

    def step(self, grads):
        self.t += 1
        c1, c2 = 1 - self.beta1 ** self.t, 1 - self.beta2 ** self.t
        for i, grad in enumerate(grads):
            shape, numel, s = self.meta[i]
            flat = torch.zeros(s * self.n, device=self.device)
            flat[:numel] = grad.reshape(-1)
            if self.stage == 1:
                dist.all_reduce(flat)
                g = flat[self.rank * s:(self.rank + 1) * s] / self.n
            else:
                g = torch.empty(s, device=self.device)
                dist.reduce_scatter(g, list(flat.chunk(self.n)))
                g = g / self.n
            m, v, p = self.exp_avg[i], self.exp_avg_sq[i], self.master[i]
            m.mul_(self.beta1).add_((1 - self.beta1) * g)
            v.mul_(self.beta2).add_((1 - self.beta2) * g * g)
            p.mul_(1 - self.lr * self.wd)
            p.sub_(self.lr * (m / c1) / ((v / c2).sqrt() + self.eps))
            if self.stage < 3:
                self.params[i].copy_(self._gather(i))
