import torch
import torch.distributed as dist


def padded(t, n):
    flat = t.flatten()
    extra = (-flat.numel()) % n
    return torch.cat([flat, flat.new_zeros(extra)])


class ZeroAdamW:
    """Shards with chunk() of the padded tensor, moments with lerp_ as PyTorch writes them."""

    def __init__(self, params, stage, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01):
        self.n, self.rank = dist.get_world_size(), dist.get_rank()
        self.stage, self.hp = stage, (lr, betas, eps, weight_decay)
        self.shapes = [tuple(p.shape) for p in params]
        if stage == 3:
            self.mine = [padded(p, self.n).chunk(self.n)[self.rank].clone() for p in params]
        else:
            self.params = params
        self.exp_avg = [torch.zeros_like(padded(p, self.n).chunk(self.n)[0]) for p in params]
        self.exp_avg_sq = [torch.zeros_like(m) for m in self.exp_avg]
        self.count = 0

    def _whole(self, shard, shape):
        out = shard.new_empty(shard.numel() * self.n)
        dist.all_gather_into_tensor(out, shard)
        numel = 1
        for d in shape:
            numel *= d
        return out[:numel].reshape(shape).clone()

    def full_params(self):
        return self.params if self.stage < 3 else [self._whole(s, sh) for s, sh in zip(self.mine, self.shapes)]

    def step(self, grads):
        lr, (b1, b2), eps, wd = self.hp
        self.count += 1
        for i, g in enumerate(grads):
            g = padded(g, self.n)
            if self.stage == 1:
                dist.all_reduce(g)
                g = g.chunk(self.n)[self.rank]
            else:
                out = torch.empty_like(g.chunk(self.n)[0])
                dist.reduce_scatter_tensor(out, g)
                g = out
            g = g / self.n
            shard = self.mine[i] if self.stage == 3 else padded(self.params[i], self.n).chunk(self.n)[self.rank].clone()
            shard.mul_(1 - lr * wd)
            self.exp_avg[i].lerp_(g, 1 - b1)
            self.exp_avg_sq[i].mul_(b2).addcmul_(g, g, value=1 - b2)
            denom = (self.exp_avg_sq[i].sqrt() / (1 - b2 ** self.count) ** 0.5).add_(eps)
            shard.addcdiv_(self.exp_avg[i], denom, value=-lr / (1 - b1 ** self.count))
            if self.stage < 3:
                self.params[i].copy_(self._whole(shard, self.shapes[i]))
