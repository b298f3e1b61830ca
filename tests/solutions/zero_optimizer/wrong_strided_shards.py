import torch
import torch.distributed as dist
import torch.nn.functional as F

EXPECT = {
    'values': '',
}


class ZeroAdamW:
    """Rank r owns every N-th element of the padded flat parameter, starting at r."""

    def __init__(self, params, stage, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01):
        self.stage, self.lr, self.betas, self.eps, self.wd = stage, lr, betas, eps, weight_decay
        self.r, self.n = dist.get_rank(), dist.get_world_size()
        self.shapes = [p.shape for p in params]
        self.s = [-(-p.numel() // self.n) for p in params]
        self.params = params if stage < 3 else None
        self.shards = None if stage < 3 else [self.interleaved(p, i)[self.r * s:(self.r + 1) * s].clone()
                                              for i, (p, s) in enumerate(zip(params, self.s))]
        self.exp_avg = [torch.zeros(s, dtype=p.dtype, device=p.device) for p, s in zip(params, self.s)]
        self.exp_avg_sq = [torch.zeros(s, dtype=p.dtype, device=p.device) for p, s in zip(params, self.s)]
        self.t = 0

    def interleaved(self, t, i):
        """The padded flat tensor reordered so that rank r's elements r, r + N, ... form block r."""
        flat = F.pad(t.reshape(-1), (0, self.s[i] * self.n - t.numel()))
        return flat.view(self.s[i], self.n).t().reshape(-1)

    def gather(self, shard, i):
        blocks = shard.new_empty(self.s[i] * self.n)
        dist.all_gather_into_tensor(blocks, shard.contiguous())
        flat = blocks.view(self.n, self.s[i]).t().reshape(-1)
        return flat[:self.shapes[i].numel()].view(self.shapes[i])

    def full_params(self):
        if self.stage < 3:
            return self.params
        return [self.gather(s, i) for i, s in enumerate(self.shards)]

    def step(self, grads):
        self.t += 1
        b1, b2 = self.betas
        for i, g in enumerate(grads):
            s = self.s[i]
            if self.stage == 1:
                flat = self.interleaved(g, i)
                dist.all_reduce(flat)
                g = flat[self.r * s:(self.r + 1) * s] / self.n
            else:
                out = g.new_empty(s)
                dist.reduce_scatter_tensor(out, self.interleaved(g, i))
                g = out / self.n
            p = self.shards[i] if self.stage == 3 else self.interleaved(self.params[i], i)[self.r * s:(self.r + 1) * s]
            m, v = self.exp_avg[i], self.exp_avg_sq[i]
            p.mul_(1 - self.lr * self.wd)
            m.mul_(b1).add_(g, alpha=1 - b1)
            v.mul_(b2).addcmul_(g, g, value=1 - b2)
            p.addcdiv_(m, (v / (1 - b2 ** self.t)).sqrt() + self.eps, value=-self.lr / (1 - b1 ** self.t))
            if self.stage < 3:
                with torch.no_grad():
                    self.params[i].copy_(self.gather(p, i))
