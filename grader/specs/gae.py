"""gae: one function, a backwards recursion in time over a batch of rollouts. Particular to it:
the loop over the T steps is the algorithm, so "no loop" is graded over the trajectories only
(their number grows, T does not); dones anywhere (none, several per row, at the last step, every
step), a bootstrap value after the rollout, γ and λ over [0, 1] with λ = 0 and λ = 1; invariants
that need no reference (episodes independent across a done, λ = 0 gives the TD errors, rows
independent); and the mistakes of dones ignored, the recursion not reset, the bootstrap taken
across a done or left out at the rollout's end, γ and λ swapped, the recursion decayed by λ alone,
and returns that are not A + V."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Generalised advantage estimation (GAE)", zh="广义优势估计", topic="post-training",
            difficulty="medium", minutes=20, oracle="the recursion in float64 Python, one trajectory at a time")
HINTS = [
    "Go backwards: A_{T-1} needs only step T-1 and values[:, T]; each earlier A_t needs A_{t+1}. Keep the "
    "running advantage of every trajectory in one (B,) tensor and loop t = T-1, ..., 0.",
    "A done at step t cuts TWO links: the TD error does not bootstrap from values[:, t + 1] (another episode's "
    "state), and the recursion does not carry A_{t+1}. Multiply both by not_done = 1 - done_t.",
    "γ discounts once in the TD error and γ·λ in the recursion; returns are advantages + values[:, :-1].",
    "delta = r[:, t] + gamma * v[:, t + 1] * nd[:, t] - v[:, t]; last = delta + gamma * lam * nd[:, t] * last; "
    "adv[:, t] = last",
]
OUTPUTS = "compared: advantages, returns"


def make(rewards, values, dones, label="", **kwargs) -> Case:
    # sums of up to T discounted rewards: rounding grows with their size
    big = rewards.abs().sum(1).max().item() + values.abs().max().item() if rewards.numel() else 1.0
    return Case(args=(rewards, values, dones), kwargs=kwargs, scale=max(1.0, big / 10),
                label=f"{label}; {OUTPUTS}" if label else OUTPUTS)


def rollouts(g, B, T, p_done=0.2, reward_scale=1.0, value_scale=1.0):
    rewards = reward_scale * torch.randn(B, T, generator=g)
    values = value_scale * torch.randn(B, T + 1, generator=g)
    dones = torch.rand(B, T, generator=g) < p_done
    return rewards, values, dones


def inputs(draw) -> Case:
    B, T = draw(st.integers(1, 4)), draw(st.integers(1, 10))
    p_done = draw(st.sampled_from([0.0, 0.2, 0.5, 1.0]))
    rewards, values, dones = rollouts(kit.generator(draw), B, T, p_done, draw(st.sampled_from([1.0, 10.0])),
                                      draw(st.sampled_from([1.0, 5.0])))
    kwargs = {}
    for name, choices in (("gamma", [0.9, 0.5, 1.0]), ("lam", [0.8, 0.0, 1.0])):
        value = draw(st.sampled_from([None, *choices]))
        if value is not None:
            kwargs[name] = value
    return make(rewards, values, dones, **kwargs)


def _pair(out, shape):
    if not isinstance(out, (tuple, list)) or len(out) != 2 or any(not isinstance(t, torch.Tensor) or t.shape != shape
                                                                 for t in out):
        raise Fail(f"expected (advantages, returns), two tensors of shape {tuple(shape)}")
    return out[0].detach(), out[1].detach()


def episodes_independent(call, case):
    """What happens after a done (rewards, values of the next episode) never reaches the steps up to it."""
    rewards, values, dones = case.args
    B, T = rewards.shape
    seen = dones.cumsum(1) > 0                          # at or after the row's first done
    after = torch.cat([torch.zeros(B, 1, dtype=torch.bool), seen[:, :-1]], 1)   # steps after the first done
    if not after.any():
        return
    later_values = torch.cat([torch.zeros(B, 1, dtype=torch.bool), seen], 1)     # V of states after it
    changed = make(torch.where(after, 3.0 - 2 * rewards, rewards), torch.where(later_values, values + 7.0, values),
                   dones, **case.kwargs)
    (a, _), (b, _) = _pair(call(case), rewards.shape), _pair(call(changed), rewards.shape)
    keep = ~after
    if not torch.allclose(a[keep], b[keep], rtol=1e-4, atol=1e-5 * case.scale):
        row = int((~torch.isclose(a, b, rtol=1e-4, atol=1e-5 * case.scale) & keep).any(1).int().argmax())
        t = int(dones[row].int().argmax())
        raise Fail(f"changing the rewards and values after the done at step {t} of trajectory {row} changed the "
                   f"advantages up to that done: an episode that ended is cut off from the next one (no bootstrap "
                   f"from values[:, t + 1] and no A_{{t+1}} at a done)")


def lam_zero_gives_td_errors(call, case):
    rewards, values, dones = case.args
    gamma = case.kwargs.get("gamma", 0.99)
    a, r = _pair(call(make(rewards, values, dones, gamma=gamma, lam=0.0)), rewards.shape)
    delta = rewards + gamma * values[:, 1:] * (~dones) - values[:, :-1]
    if not torch.allclose(a, delta, rtol=1e-4, atol=1e-5 * case.scale):
        raise Fail(f"with lam = 0 the advantages are the one-step TD errors δ_t = r_t + γ·V_(t+1)·(1 - done_t) - V_t; "
                   f"they differ by {(a - delta).abs().max().item():.3g}")


# ---- the classic mistakes, written as a learner would -----------------------------------------

def gae_like(*, reset=True, cut_bootstrap=True, bootstrap_last=True, swapped=False, decay="gamma lam",
             returns="a + v"):
    """GAE with at most one classic mistake."""
    def gae(rewards, values, dones, gamma=0.99, lam=0.95):
        if swapped:
            gamma, lam = lam, gamma
        B, T = rewards.shape
        nd = (~dones).to(rewards.dtype)
        adv = torch.zeros_like(rewards)
        last = torch.zeros_like(rewards[:, 0])
        for t in reversed(range(T)):
            next_value = values[:, t + 1] if bootstrap_last or t < T - 1 else torch.zeros_like(last)
            delta = rewards[:, t] + gamma * next_value * (nd[:, t] if cut_bootstrap else 1.0) - values[:, t]
            factor = gamma * lam if decay == "gamma lam" else lam
            last = delta + factor * (nd[:, t] if reset else 1.0) * last
            adv[:, t] = last
        if returns == "a + v":
            return adv, adv + values[:, :-1]
        if returns == "a + next v":
            return adv, adv + values[:, 1:]
        ret = torch.zeros_like(rewards)                 # discounted rewards to go, bootstrapped at the end
        running = values[:, -1]
        for t in reversed(range(T)):
            running = rewards[:, t] + gamma * nd[:, t] * running
            ret[:, t] = running
        return adv, ret
    return gae


NOT_RESET = "not resetting at done: a done stops both the bootstrap from V_(t+1) and the recursion from A_(t+1)"


def rows(seed, B, T, p_done=0.3, label="", **kwargs):
    return make(*rollouts(torch.Generator().manual_seed(seed), B, T, p_done), label, **kwargs)


def same_dones(seed, B):
    """Rollouts of 6 steps whose dones fall on the same steps in every row, so that code branching on
    dones[:, t].any() runs the same lines whatever B is."""
    rewards, values, _ = rollouts(torch.Generator().manual_seed(seed), B, 6)
    dones = torch.tensor([False, True, False, False, True, False]).expand(B, 6).clone()
    return make(rewards, values, dones)


DRILL = Drill(entries=[Entry(
    "gae",
    inputs=inputs,
    examples=[
        make(torch.tensor([[1.0, 0.0, 2.0]]), torch.tensor([[0.5, 1.0, 0.0, 3.0]]), torch.tensor([[False, True, False]]),
             "the prompt's example", gamma=0.5, lam=0.8),
        make(seeded(1, 3, 6), seeded(2, 3, 7, scale=2.0), torch.tensor([[0, 0, 1, 0, 0, 0], [0, 1, 0, 0, 1, 0],
                                                                        [0, 0, 0, 0, 0, 0]], dtype=torch.bool),
             "dones mid-rollout, one row with none; default gamma and lam"),
        make(seeded(3, 2, 5), seeded(4, 2, 6), torch.tensor([[0, 0, 0, 0, 1], [1, 1, 1, 1, 1]], dtype=torch.bool),
             "a done at the last step; a row of one-step episodes", gamma=0.9, lam=0.7),
        make(seeded(5, 1, 1), seeded(6, 1, 2), torch.tensor([[False]]), "one step, bootstrapped", gamma=0.8, lam=0.3),
        rows(7, 4, 8, label="lam = 1: discounted returns minus V", gamma=0.95, lam=1.0),
        rows(8, 2, 7, p_done=0.0, label="no dones, lam = 0: TD errors", gamma=0.6, lam=0.0),
    ],
    extreme=[
        rows(9, 2, 1000, p_done=0.01, label="rollouts of 1000 steps", gamma=0.999, lam=0.99),
        make(seeded(10, 3, 12, scale=100.0), seeded(11, 3, 13, scale=1000.0), torch.rand(3, 12, generator=torch.Generator()
             .manual_seed(12)) < 0.3, "rewards near ±100, values near ±1000", gamma=1.0, lam=1.0),
    ],
    invariants=[Invariant("episodes are independent across a done", episodes_independent),
                Invariant("lam = 0 gives the TD errors", lam_zero_gives_td_errors),
                kit.batch_independence(arg_at=0, name="trajectories are independent")],
    mistakes=[
        Mistake(NOT_RESET, like=gae_like(reset=False, cut_bootstrap=False)),
        Mistake("recursion not reset at done: A_(t+1) of the next episode is carried back (multiply it by "
                "1 - done_t too)", like=gae_like(reset=False)),
        Mistake("bootstrapped from the wrong value at a done: values[:, t + 1] is then the NEXT episode's first state; "
                "δ_t = r_t - V_t there", like=gae_like(cut_bootstrap=False)),
        Mistake("bootstrap from the wrong value at the rollout's end: step T - 1 bootstraps from values[:, T] (a "
                "rollout cut off mid-episode is not terminal)", like=gae_like(bootstrap_last=False)),
        Mistake("λ and γ swapped: the TD error discounts by γ, the recursion by γ·λ", like=gae_like(swapped=True)),
        Mistake("the recursion decays by λ alone; it decays by γ·λ", like=gae_like(decay="lam")),
        Mistake("returns from the wrong values: returns_t = A_t + V_t with V_t = values[:, t], not values[:, t + 1]",
                like=gae_like(returns="a + next v")),
        Mistake("returns as discounted rewards to go: the value targets are advantages + values (λ-returns)",
                like=gae_like(returns="rewards to go")),
        kit.IN_PLACE,
    ],
    grad=False,                 # advantages and returns are targets, computed without autograd
    loops=Loops(small=same_dones(13, 2), large=same_dones(14, 7), over="the trajectories (the time loop is expected)"),
    # a (T, T) discount matrix contracted with the TD errors is right too, and costs ~20x at T = 128;
    # a loop over the trajectories costs ~800x (and no loop counts it)
    speed=Speed(lambda seed: rows(seed, 1024, 128), limit=100.0),
)])
