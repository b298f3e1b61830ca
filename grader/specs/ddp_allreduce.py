"""ddp_allreduce: bucketed gradient all-reduce on a real gloo process group of 2 or 3 ranks. Every rank
builds the learner's DDPGradSync on the same parameters, and for two steps runs backward on its equal
share of the batch (a parameter may be left out of some ranks' loss), then finish(); each step returns
the gradients, the sizes of the all_reduce calls in order, how many were launched before backward
returned and how many with async_op=True, compared rank by rank with the reference's (tested against
single-process whole-batch gradients). Particular to it: bucket boundaries at exactly bucket_bytes, a
bucket per parameter and one bucket for all, parameters unused on one rank or on every rank, and the
classic mistakes of summing instead of averaging, overlapping buckets, buckets filled from the first
parameter, every bucket reduced only in finish(), and a parameter unused on one rank hanging the reduce."""
from hypothesis import strategies as st

import torch
import torch.distributed as dist

from grader.engine import distributed, kit
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Mistake, Trace

META = dict(title="DDP gradient all-reduce", zh="DDP梯度同步", topic="distributed",
            difficulty="hard", minutes=30, oracle="single-process autograd on the whole batch")
HINTS = [
    "Buckets: for i in reversed(range(len(params))) append i to the current bucket and add "
    "params[i].numel() * params[i].element_size() to its size; once size >= bucket_bytes close it. "
    "Keep bucket_of[i] and how many gradients each bucket still waits for.",
    "p.register_post_accumulate_grad_hook(lambda p, i=i: self.ready(i)) fires once p.grad is final. In ready(), "
    "count down the bucket, then launch buckets while the next one in order (len(self.launched)) is complete.",
    "launch(b): flat = torch.cat([(p.grad if p.grad is not None else torch.zeros_like(p)).reshape(-1) ...]); "
    "work = dist.all_reduce(flat, async_op=True); keep (work, flat). Unused parameters never fire their hook, so "
    "finish() must launch the buckets left, or the other ranks wait for ever.",
    "finish(): launch buckets len(self.launched) .. end, then for each: work.wait(); flat /= world_size; slice it "
    "back into p.grad = flat[o:o + n].view_as(p).clone(). Reset the counters for the next step.",
]


def on_rank(cls, case: Case, ns):
    """Two steps of backward and finish() on this rank's share of each batch."""
    k = case.kwargs
    n, r = dist.get_world_size(), dist.get_rank()
    params = [p.clone().requires_grad_(True) for p in k["params"]]
    sync = cls(params, k["bucket_bytes"])
    trace = Trace()
    for step, x in enumerate(k["batches"], 1):
        before = len(distributed.calls("all_reduce"))
        kit.shared_loss(params, x.chunk(n)[r], k["unused"].get(r, ())).backward()
        during = len(distributed.calls("all_reduce")) - before
        sync.finish()
        made = distributed.calls("all_reduce")[before:]
        trace.step(f"step {step}", {"grads": [p.grad.clone() if p.grad is not None else None for p in params],
                                    "all_reduce sizes": [c.numel for c in made],
                                    "all_reduce launched during backward": during,
                                    "all_reduce with async_op=True": sum(c.async_op for c in made)})
        for p in params:
            p.grad = None
        distributed.checkpoint(f"the end of step {step}")     # a rank short of a bucket is named here
    return trace


def make(world_size, shapes, bucket_bytes, unused=None, per_rank=2, seed=0, label="") -> Case:
    params = [seeded(seed + i, *s) for i, s in enumerate(shapes)]
    total = sum(p.numel() for p in params)
    batches = [seeded(seed + 50 + s, world_size * per_rank, total) for s in range(2)]
    return Case(kwargs=dict(world_size=world_size, params=params, bucket_bytes=bucket_bytes, batches=batches,
                            unused=unused or {}), label=label)


def inputs(draw) -> Case:
    n = draw(st.integers(2, 3))
    shapes = [draw(st.sampled_from([(1,), (3,), (5,), (2, 2), (2, 3), (4, 3)])) for _ in range(draw(st.integers(1, 5)))]
    unused = {}
    if len(shapes) > 1 and draw(st.booleans()):       # a rank keeps a parameter to take its backward through
        unused = {r: [draw(st.integers(0, len(shapes) - 1))] for r in range(n) if draw(st.booleans())}
    return make(n, shapes, draw(st.sampled_from([1, 8, 16, 24, 40, 100, 10**6])), unused,
                per_rank=draw(st.integers(1, 3)), seed=draw(st.integers(0, 2**16)))


# ---- the classic mistakes -----------------------------------------------------------------------

def ddp_like(*, mean=True, overlap=False, reverse=True, eager=True):
    """A learner's DDPGradSync, or one of its classic mistakes."""
    class DDPGradSync:
        def __init__(self, params, bucket_bytes):
            self.params = params
            order = list(reversed(range(len(params)))) if reverse else list(range(len(params)))
            self.buckets, cur, size = [], [], 0
            for i in order:
                cur.append(i)
                size += params[i].numel() * params[i].element_size()
                if size >= bucket_bytes:
                    self.buckets.append(cur)
                    cur, size = ([i], params[i].numel() * params[i].element_size()) if overlap else ([], 0)
            if cur and (not overlap or len(cur) > 1 or not self.buckets):
                self.buckets.append(cur)
            self.left = [len(b) for b in self.buckets]
            self.works = []
            if eager:
                for i, p in enumerate(params):
                    p.register_post_accumulate_grad_hook(lambda p, i=i: self._ready(i))

        def _ready(self, i):
            for b, bucket in enumerate(self.buckets):
                if i in bucket:
                    self.left[b] -= 1
            while len(self.works) < len(self.buckets) and self.left[len(self.works)] == 0:
                self._launch(len(self.works))

        def _launch(self, b):
            flat = torch.cat([(self.params[i].grad if self.params[i].grad is not None
                               else torch.zeros_like(self.params[i])).flatten() for i in self.buckets[b]])
            self.works.append((dist.all_reduce(flat, async_op=True), flat))

        def finish(self):
            while len(self.works) < len(self.buckets):
                self._launch(len(self.works))
            for bucket, (work, flat) in zip(self.buckets, self.works):
                work.wait()
                if mean:
                    flat = flat / dist.get_world_size()
                at = 0
                for i in bucket:
                    p = self.params[i]
                    p.grad = flat[at:at + p.numel()].view_as(p).clone()
                    at += p.numel()
            self.left = [len(b) for b in self.buckets]
            self.works = []
    return DDPGradSync


SHAPES = [(2, 3), (3,), (4,)]

DRILL = Drill(entries=[Entry(
    "DDPGradSync.finish",
    inputs=inputs,
    run=on_rank,
    ranks=kit.world,
    examples=[
        make(2, SHAPES, 20, label="the prompt's example: two buckets"),
        make(3, [(4, 4), (4,), (2, 4), (2,)], 1, seed=10, label="3 ranks, one bucket per parameter"),
        make(2, [(4, 4), (4,), (2, 4), (2,)], 10**6, seed=20, label="one bucket for everything"),
        make(2, [(4,), (4,), (8,)], 32, seed=30, label="buckets that reach exactly bucket_bytes"),
        make(2, [(3,), (5,), (2, 2), (6,)], 24, {1: [1]}, seed=40, label="params[1] unused on rank 1 only"),
        make(3, [(3,), (2, 2), (5,)], 16, {0: [0], 1: [0], 2: [0]}, seed=50, label="params[0] unused on every rank"),
    ],
    mistakes=[
        Mistake("gradients summed over the ranks but not averaged: divide by the world size, so that they are the "
                "whole batch's mean gradients", like=ddp_like(mean=False)),
        Mistake("buckets overlap: the parameter that closes a bucket also opens the next one, so it is reduced "
                "twice; each parameter belongs to exactly one bucket", like=ddp_like(overlap=True)),
        Mistake("buckets filled from the first parameter: fill them in reverse order, the order backward produces "
                "the gradients in", like=ddp_like(reverse=False)),
        Mistake("every bucket reduced in finish(), after backward: launch each bucket from the gradient hooks as "
                "soon as it is full, so communication overlaps backward", like=ddp_like(eager=False)),
        Mistake("a parameter unused on one rank hangs the reduce: its hook never fires there, so that rank never "
                "launches its bucket while the others wait in it; finish() must launch every bucket left (the "
                "missing gradients as zeros)", error="the ranks hang"),
    ],
    grad=False,
)], max_examples=5)
