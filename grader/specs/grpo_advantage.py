"""grpo_advantage: one function over consecutive groups of rewards. Particular to it: groups of 2 to
1024 completions (G = 1 included), rewards of a reward model (both signs, offsets, up to 1e4), of a
verifier (0/1, so groups of equal rewards) and of graded levels; the unbiased std; advantages that
sum to 0 within a group and ignore every other group; and the mistakes of the biased std, statistics
over the whole batch or over strided groups, and eps left out or put under the root."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="GRPO group advantages", zh="GRPO组内优势", topic="post-training", difficulty="easy",
            minutes=10,
            oracle="brute force per group")
HINTS = [
    "Groups are consecutive, so rewards.view(-1, group_size) puts each prompt's completions in one row "
    "(G, n); reduce along dim=1 with keepdim=True so the statistics broadcast back.",
    "torch.std divides by n - 1 by default (the unbiased std GRPO uses); var(unbiased=False) or "
    "((r - mean) ** 2).mean() would be the biased one.",
    "r = rewards.view(-1, group_size); return ((r - r.mean(1, keepdim=True)) / (r.std(1, keepdim=True) "
    "+ eps)).view(-1)",
]


def conditioning(rewards, group_size, eps) -> float:
    """The advantages are O(1), but float32 rounding of r - mean grows with |r| / std."""
    r = rewards.double().view(-1, group_size)
    ratio = r.abs().amax(1) / (r.std(1) + eps)
    return max(1.0, ratio.max().item() / 20)


def make(rewards, group_size, label="", **kwargs) -> Case:
    eps = kwargs.get("eps", 1e-4)
    return Case(args=(rewards, group_size), kwargs=kwargs, label=label,
                scale=conditioning(rewards, group_size, eps))


def inputs(draw) -> Case:
    G, n = draw(st.integers(1, 6)), draw(st.integers(2, 8))
    g = kit.generator(draw)
    kind = draw(st.sampled_from(["normal", "binary", "levels"]))
    if kind == "normal":             # a reward model's scores: both signs, any offset
        rewards = torch.randn(G * n, generator=g) * draw(st.sampled_from([0.1, 1.0, 5.0]))
        rewards = rewards + draw(st.sampled_from([0.0, 2.0, -3.0]))
    elif kind == "binary":           # a verifier: right 1, wrong 0 (groups of equal rewards happen)
        rewards = (torch.rand(G * n, generator=g) < 0.5).float()
    else:                            # format + correctness, in steps of 0.5, penalties included
        rewards = torch.randint(-2, 5, (G * n,), generator=g).float() / 2
    eps = draw(st.sampled_from([None, 1e-4, 1e-2, 0.5]))
    return make(rewards, n, **({} if eps is None else {"eps": eps}))


def groups_sum_to_zero(call, case):
    n = case.args[1]
    out = call(case)
    if not isinstance(out, torch.Tensor) or out.numel() != case.args[0].numel():
        raise Fail(f"expected a tensor of {case.args[0].numel()} advantages")
    sums = out.detach().reshape(-1, n).sum(1)
    if not torch.allclose(sums, torch.zeros_like(sums), atol=1e-4 * case.scale * n):
        g = int(sums.abs().argmax())
        raise Fail(f"the advantages of group {g} (rewards[{g * n}:{(g + 1) * n}]) sum to {sums[g].item():.4g}, "
                   f"not 0: each group is centred on its own mean")


def group_shift(call, case):
    rewards, n = case.args
    if rewards.numel() < 2 * n:
        return
    shifted = rewards.clone()
    shifted[:n] += 3.0
    a, b = call(case), call(make(shifted, n, **case.kwargs))
    if not torch.allclose(a, b, atol=1e-4 * max(case.scale, 4.0), rtol=1e-3):
        raise Fail(f"adding 3 to the rewards of group 0 changed the advantages by "
                   f"{(a - b).abs().max().item():.3g}: a group is compared with itself only")


# ---- the classic mistakes, written as a learner would -----------------------------------------

def biased_std(rewards, group_size, eps=1e-4):
    r = rewards.view(-1, group_size)
    return ((r - r.mean(1, keepdim=True)) / (r.std(1, unbiased=False, keepdim=True) + eps)).view(-1)


def whole_batch(rewards, group_size, eps=1e-4):
    return (rewards - rewards.mean()) / (rewards.std() + eps)


def strided_groups(rewards, group_size, eps=1e-4):
    r = rewards.view(group_size, -1)                  # group g = rewards[g::G]
    return ((r - r.mean(0)) / (r.std(0) + eps)).reshape(-1)


def no_eps(rewards, group_size, eps=1e-4):
    r = rewards.view(-1, group_size)
    return ((r - r.mean(1, keepdim=True)) / r.std(1, keepdim=True)).view(-1)


def eps_inside_sqrt(rewards, group_size, eps=1e-4):
    r = rewards.view(-1, group_size)
    return ((r - r.mean(1, keepdim=True)) / (r.var(1, keepdim=True) + eps).sqrt()).view(-1)


def rewards(seed, groups, n, scale=1.0):
    return seeded(seed, groups * n, scale=scale)


DRILL = Drill(entries=[Entry(
    "grpo_advantages",
    inputs=inputs,
    examples=[
        make(torch.tensor([1.0, 0.0, 0.0, 0.0, 2.0, 4.0]), 3, "the prompt's example"),
        make(torch.tensor([1.0, 0.0]), 2, "one group of two: the unbiased std is sqrt(2) times the biased"),
        make(torch.tensor([1.0, 1.0, 1.0, 1.0, 0.0, 1.0, 0.0, 0.0]), 4,
             "a group of equal rewards: its advantages are 0, not NaN"),
        make(torch.tensor([0.0, 10.0, 1.0, 1.0, -1.0, 2.0]), 2, "three groups of two on different scales"),
        make(seeded(1, 12) + 1.0, 4, "eps = 0.5 is used", eps=0.5),
        make(seeded(5, 15, scale=3.0) - 5.0, 5, "negative rewards, three groups of five"),
    ],
    extreme=[
        make(rewards(2, 4096, 16), 16, "4096 groups of 16"),
        make(rewards(3, 2, 1024), 1024, "two groups of 1024"),
        make(rewards(4, 8, 8, scale=1e4), 8, "rewards near ±1e4"),
        make(torch.tensor([0.0, 0.0, 0.0, 1e-6]), 4, "rewards differing by 1e-6: eps dominates"),
    ],
    invariants=[Invariant("each group sums to 0", groups_sum_to_zero),
                Invariant("groups are independent", group_shift)],
    mistakes=[
        Mistake("biased std (divided by n): GRPO uses the unbiased std, torch.std's default", like=biased_std),
        Mistake("normalised over the whole batch instead of within each prompt's group", like=whole_batch),
        Mistake("groups taken strided (rewards[g::G]) instead of consecutive (rewards[g*n:(g+1)*n])",
                like=strided_groups),
        Mistake("eps left out: a group of equal rewards gives 0 / 0 = NaN", like=no_eps),
        Mistake("eps added to the variance inside the square root; it is added to the std", like=eps_inside_sqrt),
        Mistake("rewards modified in place (e.g. rewards -= mean): work on new tensors",
                check="inputs unchanged"),
    ],
    grad=False,                      # rewards are constants of the policy loss: no gradient flows here
    loops=Loops(small=make(rewards(6, 3, 4), 4), large=make(rewards(7, 11, 4), 4), over="the groups"),
    speed=Speed(lambda seed: make(seeded(seed, 4096 * 8), 8), limit=30.0),
)])
