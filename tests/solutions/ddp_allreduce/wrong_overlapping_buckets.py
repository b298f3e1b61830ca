import torch
import torch.distributed as dist

EXPECT = {
    'values': 'buckets overlap: the parameter that closes a bucket also opens the next one, so it is reduced twice; each parameter belongs to exactly one bucket',
}


class DDPGradSync:
    def __init__(self, params: list[torch.Tensor], bucket_bytes: int):
        self.params = params
        # buckets in reverse order of params: backward produces the last layers' gradients first
        self.buckets, bucket, size = [], [], 0
        for i in reversed(range(len(params))):
            bucket.append(i)
            size += params[i].numel() * params[i].element_size()
            if size >= bucket_bytes:
                self.buckets.append(bucket)
                bucket = [i]                                    # the boundary param starts the next one too
                size = params[i].numel() * params[i].element_size()
        if len(bucket) > 1:
            self.buckets.append(bucket)
        self.buckets_of = {}
        for b, bucket in enumerate(self.buckets):
            for i in bucket:
                self.buckets_of.setdefault(i, []).append(b)
        self.reset()
        for i, p in enumerate(params):
            p.register_post_accumulate_grad_hook(lambda p, i=i: self.ready(i))

    def reset(self):
        self.missing = [len(bucket) for bucket in self.buckets]
        self.launched = []                                      # (work, flat buffer) of buckets 0, 1, ...

    def ready(self, i: int):
        for b in self.buckets_of[i]:
            self.missing[b] -= 1
        # launch in bucket order, so that every rank's k-th all_reduce is the same bucket
        while len(self.launched) < len(self.buckets) and self.missing[len(self.launched)] == 0:
            self.launch(len(self.launched))

    def launch(self, b: int):
        grads = [self.params[i].grad if self.params[i].grad is not None else torch.zeros_like(self.params[i])
                 for i in self.buckets[b]]                      # an unused parameter contributes zeros
        flat = torch.cat([g.reshape(-1) for g in grads])
        self.launched.append((dist.all_reduce(flat, async_op=True), flat))

    def finish(self) -> None:
        for b in range(len(self.launched), len(self.buckets)):  # buckets with a parameter unused on this rank
            self.launch(b)
        world = dist.get_world_size()
        for bucket, (work, flat) in zip(self.buckets, self.launched):
            work.wait()
            flat /= world                                       # the mean over ranks: whole-batch gradients
            offset = 0
            for i in bucket:
                p = self.params[i]
                p.grad = flat[offset:offset + p.numel()].view_as(p).clone()
                offset += p.numel()
        self.reset()
