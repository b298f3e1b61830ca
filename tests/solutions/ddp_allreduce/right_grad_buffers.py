import torch
import torch.distributed as dist


class DDPGradSync:
    """One preallocated flat buffer per bucket; each gradient is copied into its slot as it arrives."""

    def __init__(self, params, bucket_bytes):
        self.params = params
        self.slots = {}                     # param index -> (bucket, offset)
        self.buffers, self.members = [], []
        members, size, numel = [], 0, 0
        for i in reversed(range(len(params))):
            self.slots[i] = (len(self.buffers), numel)
            members.append(i)
            numel += params[i].numel()
            size += params[i].numel() * 4
            if size >= bucket_bytes:
                self.buffers.append(torch.zeros(numel, device=params[0].device))
                self.members.append(members)
                members, size, numel = [], 0, 0
        if members:
            self.buffers.append(torch.zeros(numel, device=params[0].device))
            self.members.append(members)
        self.count = [0] * len(self.buffers)
        self.works = []
        for i, p in enumerate(params):
            p.register_post_accumulate_grad_hook(lambda p, i=i: self.arrived(i, p))

    def arrived(self, i, p):
        b, at = self.slots[i]
        self.buffers[b][at:at + p.numel()].copy_(p.grad.reshape(-1))
        self.count[b] += 1
        while len(self.works) < len(self.buffers) and self.count[len(self.works)] == len(self.members[len(self.works)]):
            self.works.append(dist.all_reduce(self.buffers[len(self.works)], async_op=True))

    def finish(self):
        while len(self.works) < len(self.buffers):
            self.works.append(dist.all_reduce(self.buffers[len(self.works)], async_op=True))
        for b, work in enumerate(self.works):
            work.wait()
            self.buffers[b].div_(dist.get_world_size())
        for i, p in enumerate(self.params):
            b, at = self.slots[i]
            p.grad = self.buffers[b][at:at + p.numel()].view(p.shape).clone()
        for buffer in self.buffers:
            buffer.zero_()
        self.count = [0] * len(self.buffers)
        self.works = []
