"""rloo_advantage: one function over consecutive groups of rewards. Particular to it: groups of 2 to
1024 completions (G = 1 included), rewards of a reward model (both signs, offsets, up to 1e4), of a
verifier (0/1) and of graded levels; advantages that sum to 0 within a group and ignore every other
group; and the mistakes of a baseline that includes the sample itself, the k-1 mean divided by k, a
leave-one-out over the whole batch, strided groups, and a GRPO-style division by the std."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="RLOO advantages", zh="RLOO留一法优势", topic="post-training", difficulty="easy", minutes=10,
            oracle="the leave-one-out mean by brute force in float64")
HINTS = [
    "Groups are consecutive: rewards.view(-1, group_size) puts each prompt's completions in one row (G, k).",
    "The mean of the others needs no loop: (row sum - r_i) / (k - 1). Keep the sum with keepdim=True so it "
    "broadcasts back over the row.",
    "r = rewards.view(-1, group_size); return (r - (r.sum(1, keepdim=True) - r) / (group_size - 1)).view(-1)",
]


def make(rewards, group_size, label="") -> Case:
    # float32 rounding of a group's sum grows with the size of the rewards
    return Case(args=(rewards, group_size), label=label, scale=max(1.0, rewards.abs().max().item() / 10))


def inputs(draw) -> Case:
    G, k = draw(st.integers(1, 6)), draw(st.integers(2, 8))
    g = kit.generator(draw)
    kind = draw(st.sampled_from(["normal", "binary", "levels"]))
    if kind == "normal":             # a reward model's scores: both signs, any offset
        rewards = torch.randn(G * k, generator=g) * draw(st.sampled_from([0.1, 1.0, 5.0]))
        rewards = rewards + draw(st.sampled_from([0.0, 2.0, -3.0]))
    elif kind == "binary":           # a verifier: right 1, wrong 0
        rewards = (torch.rand(G * k, generator=g) < 0.5).float()
    else:                            # format + correctness, in steps of 0.5, penalties included
        rewards = torch.randint(-2, 5, (G * k,), generator=g).float() / 2
    return make(rewards, k)


def groups_sum_to_zero(call, case):
    k = case.args[1]
    out = call(case)
    if not isinstance(out, torch.Tensor) or out.numel() != case.args[0].numel():
        raise Fail(f"expected a tensor of {case.args[0].numel()} advantages")
    sums = out.detach().double().reshape(-1, k).sum(1)
    if not torch.allclose(sums, torch.zeros_like(sums), atol=1e-4 * case.scale * k):
        g = int(sums.abs().argmax())
        raise Fail(f"the advantages of group {g} (rewards[{g * k}:{(g + 1) * k}]) sum to {sums[g].item():.4g}, not 0: "
                   f"the sum over a group of r_i minus the mean of the others is always 0")


def group_shift(call, case):
    rewards, k = case.args
    if rewards.numel() < 2 * k:
        return
    shifted = rewards.clone()
    shifted[:k] += 3.0
    a, b = call(case), call(make(shifted, k))
    if not torch.allclose(a, b, atol=1e-4 * max(case.scale, 4.0), rtol=1e-3):
        raise Fail(f"adding 3 to the rewards of group 0 changed the advantages by {(a - b).abs().max().item():.3g}: "
                   f"a completion is compared with its own group only, and a shift of the whole group cancels")


# ---- the classic mistakes, written as a learner would -----------------------------------------

def self_included(rewards, group_size):
    r = rewards.view(-1, group_size)
    return (r - r.mean(1, keepdim=True)).view(-1)


def divided_by_k(rewards, group_size):
    r = rewards.view(-1, group_size)
    return (r - (r.sum(1, keepdim=True) - r) / group_size).view(-1)


def whole_batch(rewards, group_size):
    return rewards - (rewards.sum() - rewards) / (rewards.numel() - 1)


def strided_groups(rewards, group_size):
    r = rewards.view(group_size, -1)                  # group g = rewards[g::G]
    return (r - (r.sum(0) - r) / (group_size - 1)).reshape(-1)


def divided_by_std(rewards, group_size):
    r = rewards.view(-1, group_size)
    adv = r - (r.sum(1, keepdim=True) - r) / (group_size - 1)
    return (adv / (r.std(1, keepdim=True) + 1e-4)).view(-1)


def rewards(seed, groups, k, scale=1.0):
    return seeded(seed, groups * k, scale=scale)


DRILL = Drill(entries=[Entry(
    "rloo_advantages",
    inputs=inputs,
    examples=[
        make(torch.tensor([1.0, 0.0, 0.0, 0.0, 2.0, 4.0]), 3, "the prompt's example"),
        make(torch.tensor([1.0, 0.0]), 2, "one group of two: each is compared with the other"),
        make(torch.tensor([1.0, 1.0, 1.0, 1.0, 0.0, 1.0, 0.0, 0.0]), 4, "a group of equal rewards: advantages 0"),
        make(torch.tensor([0.0, 10.0, 1.0, 1.0, -1.0, 2.0]), 2, "three groups of two on different scales"),
        make(seeded(5, 15, scale=3.0) - 5.0, 5, "negative rewards, three groups of five"),
        make(seeded(6, 6) + 2.0, 6, "one group of six"),
    ],
    extreme=[
        make(rewards(2, 4096, 16), 16, "4096 groups of 16"),
        make(rewards(3, 2, 1024), 1024, "two groups of 1024"),
        make(rewards(4, 8, 8, scale=1e4), 8, "rewards near ±1e4"),
    ],
    invariants=[Invariant("each group sums to 0", groups_sum_to_zero),
                Invariant("groups are independent", group_shift)],
    mistakes=[
        Mistake("the sample itself included in its baseline (r - group mean): leave it out, baseline = mean of the "
                "other k - 1", like=self_included),
        Mistake("the others' sum divided by k instead of k - 1: the baseline is the mean of the k - 1 others",
                like=divided_by_k),
        Mistake("baseline over the whole batch instead of within each prompt's group", like=whole_batch),
        Mistake("groups taken strided (rewards[g::G]) instead of consecutive (rewards[g*k:(g+1)*k])",
                like=strided_groups),
        Mistake("advantages divided by the group's std: that is GRPO; RLOO only subtracts the baseline",
                like=divided_by_std),
        Mistake("rewards modified in place (e.g. rewards -= baseline): work on new tensors",
                check="inputs unchanged"),
    ],
    grad=False,                      # rewards are constants of the policy loss: no gradient flows here
    loops=Loops(small=make(rewards(7, 3, 4), 4), large=make(rewards(8, 11, 4), 4), over="the groups"),
    speed=Speed(lambda seed: make(seeded(seed, 4096 * 8), 8), limit=30.0),
)])
