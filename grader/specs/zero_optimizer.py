"""zero_optimizer: AdamW sharded ZeRO-style at stages 1, 2 and 3, on a real gloo process group of 2 or
3 ranks. Every rank builds the learner's ZeroAdamW on the same parameters and trains for a few steps:
forward and backward on full_params() with its equal share of each batch, then step() with its own
gradients. Each step returns every rank's full parameters, its moment shards (their sizes, then their
contents: the prompt grades them), whether the tensors it keeps stay within 3 shards, and (stages 2-3) whether the gradients were reduce-scattered,
compared rank by rank with the reference's (tested against torch.optim.AdamW on the whole batch).
Particular to it: parameter sizes not divisible by N and smaller than N, the memory measure, and the
classic mistakes of summing the gradients, whole states, floor-divided shard boundaries, parameters
not re-gathered, an all-reduce at stage 2 and whole parameters kept at stage 3."""
from hypothesis import strategies as st

import torch
import torch.distributed as dist
import torch.nn.functional as F

from grader.engine import distributed, kit
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Mistake, Trace

META = dict(title="ZeRO optimizer", zh="ZeRO优化器", topic="distributed", difficulty="hard",
            minutes=40, oracle="torch.optim.AdamW on the whole batch in one process")
HINTS = [
    "s = -(-p.numel() // N); the padded flat view is F.pad(p.reshape(-1), (0, s * N - p.numel())) and rank r "
    "owns [r * s, (r + 1) * s). exp_avg and exp_avg_sq are torch.zeros(s, device=p.device) per param: only your shard.",
    "step(): average first. Stage 1: all_reduce the padded flat gradient, take your slice, / N. Stages 2-3: "
    "out = g.new_empty(s); dist.reduce_scatter_tensor(out, padded_grad); out /= N.",
    "AdamW on the shard exactly as torch: p.mul_(1 - lr * wd); m.mul_(b1).add_(g, alpha=1 - b1); "
    "v.mul_(b2).addcmul_(g, g, value=1 - b2); "
    "p.addcdiv_(m, (v / (1 - b2 ** t)).sqrt() + eps, value=-lr / (1 - b1 ** t)).",
    "Stages 1-2: full = shard.new_empty(s * N); dist.all_gather_into_tensor(full, shard); "
    "param.copy_(full[:numel].view(shape)) - or the other ranks' parts stay stale. Stage 3 keeps self.shards and "
    "full_params() does that gather into new tensors.",
]

STATES_WHOLE = ("optimizer states kept whole: each rank keeps only its shard of exp_avg and exp_avg_sq "
                "(ceil(numel / N) elements per parameter)")


def on_rank(cls, case: Case, ns):
    """A few training steps on this rank's share of each batch."""
    k = case.kwargs
    n, r, stage = dist.get_world_size(), dist.get_rank(), k["stage"]
    params = [p.clone() for p in k["params"]]
    opt = cls(params, stage, **k["hyper"])
    shards = [kit.shard_size(p.numel(), n) for p in params]
    trace = Trace()
    for step, x in enumerate(k["batches"], 1):
        full = [t.detach().clone().requires_grad_(True) for t in opt.full_params()]
        grads = torch.autograd.grad(kit.shared_loss(full, x.chunk(n)[r]), full)
        before = len(distributed.calls())
        opt.step([g.clone() for g in grads])
        reduces = [c.numel for c in distributed.calls()[before:] if c.op == "all_reduce"]
        kept = kit.storage_elements(opt, skip=params if stage < 3 else ())
        limit = 3 * sum(shards)
        current = params if stage < 3 else opt.full_params()     # stages 1-2: the caller's tensors, in place
        out = {"params": [t.detach().clone() for t in current],
               "exp_avg, exp_avg_sq sizes": [[t.numel() for t in getattr(opt, name, [])]
                                             for name in ("exp_avg", "exp_avg_sq")],
               "exp_avg": [t.detach().clone() for t in getattr(opt, "exp_avg", [])],      # this rank's shard
               "exp_avg_sq": [t.detach().clone() for t in getattr(opt, "exp_avg_sq", [])],
               "memory after step()": "within 3 shards" if kept <= limit else
               f"{kept} elements kept, more than 3 shards ({limit})"}
        if stage > 1:
            out["gradients at stage 2-3"] = "reduce-scattered" if not reduces else \
                f"all_reduce of {reduces[0]} elements: a whole averaged gradient on this rank"
        trace.step(f"step {step}", out)
        distributed.checkpoint(f"the end of step {step}")
    return trace


def make(world_size, stage, shapes, steps=2, per_rank=2, seed=0, label="", **hyper) -> Case:
    params = [seeded(seed + i, *s) for i, s in enumerate(shapes)]
    total = sum(p.numel() for p in params)
    batches = [seeded(seed + 50 + s, world_size * per_rank, total) for s in range(steps)]
    hyper.setdefault("lr", 0.05)
    return Case(kwargs=dict(world_size=world_size, stage=stage, params=params, batches=batches, hyper=hyper),
                label=label)


def inputs(draw) -> Case:
    shapes = [draw(st.sampled_from([(1,), (2,), (3,), (5,), (2, 2), (3, 2), (4, 3)]))
              for _ in range(draw(st.integers(1, 4)))]
    hyper = {"lr": draw(st.sampled_from([1e-3, 0.05, 0.2]))}
    for name, values in (("betas", [(0.8, 0.99), (0.5, 0.9)]), ("eps", [1e-3, 0.1]), ("weight_decay", [0.0, 0.1])):
        value = draw(st.sampled_from([None, *values]))
        if value is not None:
            hyper[name] = value
    return make(draw(st.integers(2, 3)), draw(st.integers(1, 3)), shapes, steps=draw(st.integers(1, 3)),
                per_rank=draw(st.integers(1, 2)), seed=draw(st.integers(0, 2**16)), **hyper)


# ---- the classic mistakes -----------------------------------------------------------------------

def zero_like(*, mean=True, whole_states=False, floor=False, regather=True, reduce_scatter=True,
              shard_params=True):
    """A learner's ZeroAdamW, or one of its classic mistakes."""
    class ZeroAdamW:
        def __init__(self, params, stage, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01):
            self.stage, self.lr, self.betas, self.eps, self.wd = stage, lr, betas, eps, weight_decay
            self.r, self.n = dist.get_rank(), dist.get_world_size()
            self.shapes, self.device = [p.shape for p in params], params[0].device
            self.s = [p.numel() // self.n if floor else -(-p.numel() // self.n) for p in params]
            self.keep = stage < 3 or not shard_params
            self.params = params if self.keep else None
            self.shards = None if self.keep else [self.flat(p, i)[self.part(i)].clone() for i, p in enumerate(params)]
            self.tails = [p.reshape(-1)[s * self.n:].clone() for p, s in zip(params, self.s)]   # floor: no rank's
            size = [p.numel() if whole_states else s for p, s in zip(params, self.s)]
            self.exp_avg = [torch.zeros(z, device=self.device) for z in size]
            self.exp_avg_sq = [torch.zeros(z, device=self.device) for z in size]
            self.t = 0

        def flat(self, t, i):
            if floor:                                # no padding: the tail is cut off
                return t.reshape(-1)[:self.s[i] * self.n].contiguous()
            return F.pad(t.reshape(-1), (0, self.s[i] * self.n - t.numel()))

        def part(self, i):
            return slice(self.r * self.s[i], (self.r + 1) * self.s[i])

        def gather(self, shard, i):
            full = shard.new_empty(self.s[i] * self.n)
            dist.all_gather_into_tensor(full, shard.contiguous())
            full = torch.cat([full, self.tails[i]])[:self.shapes[i].numel()]
            return full.view(self.shapes[i])

        def full_params(self):
            if self.keep:
                return self.params
            return [self.gather(s, i) for i, s in enumerate(self.shards)]

        def step(self, grads):
            self.t += 1
            b1, b2 = self.betas
            for i, g in enumerate(grads):
                flat = self.flat(g, i)
                if self.stage == 1 or not reduce_scatter:
                    dist.all_reduce(flat)
                    g = flat if whole_states else flat[self.part(i)]
                else:
                    g = flat.new_empty(self.s[i])
                    dist.reduce_scatter_tensor(g, flat)
                if mean:
                    g = g / self.n
                if whole_states:
                    p = self.flat(self.params[i], i) if self.keep else None
                else:
                    p = self.shards[i] if not self.keep else self.flat(self.params[i], i)[self.part(i)].clone()
                m, v = self.exp_avg[i], self.exp_avg_sq[i]
                g = g[:m.numel()]
                p = p[:m.numel()]
                p.mul_(1 - self.lr * self.wd)
                m.mul_(b1).add_(g, alpha=1 - b1)
                v.mul_(b2).addcmul_(g, g, value=1 - b2)
                p.addcdiv_(m, (v / (1 - b2 ** self.t)).sqrt() + self.eps, value=-self.lr / (1 - b1 ** self.t))
                if whole_states:
                    self.params[i].copy_(p[:self.shapes[i].numel()].view(self.shapes[i]))
                elif self.keep and regather:
                    self.params[i].copy_(self.gather(p, i))
                elif self.keep:                      # only this rank's part of the param is written back
                    self.flat_write(i, p)

        def flat_write(self, i, p):
            view = self.params[i].view(-1)
            lo = self.r * self.s[i]
            hi = min(lo + self.s[i], view.numel())
            if hi > lo:
                view[lo:hi] = p[:hi - lo]
    return ZeroAdamW


SHAPES = [(3, 2), (5,), (1,)]            # 6, 5 and 1 elements: not divisible by 3 (nor 5 and 1 by 2)

DRILL = Drill(entries=[Entry(
    "ZeroAdamW.step",
    inputs=inputs,
    run=on_rank,
    ranks=kit.world,
    examples=[
        make(2, 1, SHAPES, label="stage 1, 2 ranks"),
        make(3, 2, SHAPES, seed=10, label="stage 2, 3 ranks"),
        make(2, 3, SHAPES, seed=20, label="stage 3, 2 ranks"),
        make(3, 3, [(4, 3), (2,)], steps=3, seed=30, label="stage 3, 3 ranks, 3 steps, lr 0.2, weight_decay 0.1",
             lr=0.2, weight_decay=0.1),
        make(3, 1, [(7,), (2, 2)], seed=40, label="stage 1, 3 ranks, betas (0.5, 0.9)", betas=(0.5, 0.9)),
        make(2, 2, [(1,), (3,)], seed=50, label="stage 2, a param smaller than N"),
        make(2, 1, [(2, 3), (4,)], seed=60, label="eps 0.1: Adam ignores the gradients' scale but for eps, so a "
             "sum instead of a mean shows here", eps=0.1),
    ],
    mistakes=[
        Mistake("gradients summed over the ranks but not averaged: divide by N, so that each rank steps with the "
                "whole batch's mean gradient", like=zero_like(mean=False)),
        Mistake(STATES_WHOLE, like=zero_like(whole_states=True, shard_params=False)),
        Mistake("shard boundaries off when numel is not a multiple of N: pad each flattened parameter to "
                "ceil(numel / N) * N and give every rank ceil(numel / N) elements; numel // N leaves the tail "
                "elements to no rank", like=zero_like(floor=True)),
        Mistake("parameters not re-gathered after the step: each rank updated only its own shard, so the other "
                "parts of its parameters are stale; all-gather the updated shards (stages 1-2)",
                like=zero_like(regather=False)),
        Mistake("gradients all-reduced at stage 2 or 3: reduce-scatter them (dist.reduce_scatter_tensor), so that "
                "each rank only ever receives its shard of the averaged gradient",
                like=zero_like(reduce_scatter=False)),
        Mistake("parameters kept whole at stage 3: keep only this rank's shard and all-gather in full_params()",
                like=zero_like(shard_params=False)),
    ],
    grad=False,
)], max_examples=5)
