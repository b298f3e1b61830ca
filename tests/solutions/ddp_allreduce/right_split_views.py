import torch
import torch.distributed as dist


class DDPGradSync:
    """Buckets as (indices, sizes); gradients unpacked with torch.split; a pointer to the next bucket."""

    def __init__(self, params, bucket_bytes):
        self.params = list(params)
        self.buckets = []
        current, nbytes = [], 0
        for i in range(len(self.params) - 1, -1, -1):
            current.append(i)
            nbytes += self.params[i].nbytes
            if nbytes >= bucket_bytes:
                self.buckets.append(current)
                current, nbytes = [], 0
        if current:
            self.buckets.append(current)
        self.ready_params = set()
        self.next = 0
        self.pending = []
        for i, p in enumerate(self.params):
            p.register_post_accumulate_grad_hook(self._hook(i))

    def _hook(self, i):
        def hook(param):
            self.ready_params.add(i)
            while self.next < len(self.buckets) and all(j in self.ready_params for j in self.buckets[self.next]):
                self._reduce(self.next)
        return hook

    def _reduce(self, b):
        parts = []
        for j in self.buckets[b]:
            p = self.params[j]
            parts.append((p.grad if p.grad is not None else p.new_zeros(p.shape)).view(-1))
        flat = torch.cat(parts)
        self.pending.append((b, flat, dist.all_reduce(flat, async_op=True)))
        self.next += 1

    def finish(self):
        while self.next < len(self.buckets):
            self._reduce(self.next)
        n = dist.get_world_size()
        for b, flat, work in self.pending:
            work.wait()
            sizes = [self.params[j].numel() for j in self.buckets[b]]
            for j, piece in zip(self.buckets[b], torch.split(flat.div(n), sizes)):
                self.params[j].grad = piece.reshape(self.params[j].shape).clone()
        self.ready_params, self.next, self.pending = set(), 0, []
