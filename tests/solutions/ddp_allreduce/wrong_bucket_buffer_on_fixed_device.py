import torch
import torch.distributed as dist

EXPECT = {
    "device (emulated)": "tensor created on a hard-coded device",
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
                bucket, size = [], 0
        if bucket:
            self.buckets.append(bucket)
        self.bucket_of = {i: b for b, bucket in enumerate(self.buckets) for i in bucket}
        self._reset()
        for i, p in enumerate(params):
            p.register_post_accumulate_grad_hook(lambda p, i=i: self._ready(i))

    def _reset(self):
        self.missing = [len(bucket) for bucket in self.buckets]
        self.launched = []                                      # (work, flat buffer) of buckets 0, 1, ...

    def _ready(self, i: int):
        self.missing[self.bucket_of[i]] -= 1
        # launch in bucket order, so that every rank's k-th all_reduce is the same bucket
        while len(self.launched) < len(self.buckets) and self.missing[len(self.launched)] == 0:
            self._launch(len(self.launched))

    def _launch(self, b: int):
        members = [self.params[i] for i in self.buckets[b]]
        flat = torch.zeros(sum(p.numel() for p in members))  # a buffer for the bucket (zeros: unused params)
        offset = 0
        for p in members:
            if p.grad is not None:
                flat[offset:offset + p.numel()] = p.grad.reshape(-1)
            offset += p.numel()
        self.launched.append((dist.all_reduce(flat, async_op=True), flat))

    def finish(self) -> None:
        for b in range(len(self.launched), len(self.buckets)):  # buckets with a parameter unused on this rank
            self._launch(b)
        world = dist.get_world_size()
        for bucket, (work, flat) in zip(self.buckets, self.launched):
            work.wait()
            flat /= world                                       # the mean over ranks: whole-batch gradients
            offset = 0
            for i in bucket:
                p = self.params[i]
                p.grad = flat[offset:offset + p.numel()].view_as(p).clone()
                offset += p.numel()
        self._reset()
