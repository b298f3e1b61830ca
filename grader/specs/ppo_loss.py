"""ppo_loss: one function, a masked token-level mean of the clipped surrogate. Particular to it:
logp_old and the advantages come in detached (the run passes them so); ratios from e^-30 to e^30 on
both sides of the clip range with advantages of both signs; padding anywhere, a sequence of padding
only; the padding invariant and the ratio-1 identity; and the mistakes of the min on the negated
objective, the clipped product, and the three wrong means (padding counted, B · S, per sequence)."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="PPO clipped objective", zh="PPO裁剪目标", topic="post-training", difficulty="medium",
            minutes=15,
            oracle="brute force per token")
HINTS = [
    "ratio = exp(logp_new - logp_old): a difference of log-probs is the log of the probability ratio.",
    "Objective per token: min(ratio * A, clamp(ratio, 1 - eps, 1 + eps) * A). The loss is its negative, "
    "so the min of the objectives becomes the MAX of the negated terms.",
    "Masked token mean: (per_token * mask).sum() / mask.sum() — divide by the number of real tokens, "
    "not by B * S.",
]


def run(impl, case, ns):
    """logp_old and the advantages come from the sampling pass: they are passed detached, so
    detaching them (or not) inside the loss is the learner's choice."""
    logp_new, logp_old, advantages, mask = case.args
    return impl(logp_new, logp_old.detach(), advantages.detach(), mask, **case.kwargs)


def make(logp_new, logp_old, advantages, mask, label="", **kwargs) -> Case:
    return Case(args=(logp_new, logp_old, advantages, mask), kwargs=kwargs, label=label,
                scale=max(1.0, advantages.abs().max().item()))


def inputs(draw) -> Case:
    B, S = draw(st.integers(1, 4)), draw(st.integers(1, 8))
    g = kit.generator(draw)
    logp_old = -3 * torch.rand(B, S, generator=g)                 # log-probs of sampled tokens
    drift = draw(st.sampled_from([0.05, 0.3, 1.0, 3.0]))           # how far the policy moved
    logp_new = (logp_old + drift * torch.randn(B, S, generator=g)).clamp(max=0.0)   # ratios on both sides
    advantages = torch.randn(B, S, generator=g) * draw(st.sampled_from([1.0, 5.0]))   # both signs
    if draw(st.booleans()):                                        # one advantage per sequence, broadcast
        advantages = advantages[:, :1].expand(B, S).clone()
    mask = kit.random_mask(draw, B, S, keep_first=False)
    if draw(st.booleans()) or not mask.any():
        mask[0, 0] = True                                          # the batch has a real token
    eps = draw(st.sampled_from([None, 0.1, 0.2, 0.3, 0.5]))
    return make(logp_new, logp_old, advantages, mask, **({} if eps is None else {"clip_eps": eps}))


def padding_ignored(call, case):
    logp_new, logp_old, advantages, mask = case.args
    if mask.all():
        return
    pad = ~mask
    changed = make(logp_new.masked_fill(pad, -0.1), logp_old.masked_fill(pad, -2.0),
                   advantages.masked_fill(pad, 7.0), mask, **case.kwargs)
    a, b = call(case), call(changed)
    if not torch.allclose(a, b, rtol=1e-5, atol=1e-6 * case.scale, equal_nan=True):
        raise Fail(f"changing only the padding tokens (mask False) changed the loss from {a.item():.6g} to "
                   f"{b.item():.6g}: padding must not count")


def unchanged_policy(call, case):
    _, logp_old, advantages, mask = case.args
    got = call(make(logp_old.clone(), logp_old, advantages, mask, **case.kwargs))
    want = -(advantages * mask).sum() / mask.sum()
    if not torch.allclose(got, want, rtol=1e-5, atol=1e-5 * case.scale):
        raise Fail(f"with logp_new == logp_old every ratio is 1, so the loss is minus the mean advantage over "
                   f"real tokens, {want.item():.6g}; got {got.item():.6g}")


# ---- the classic mistakes, written as a learner would -----------------------------------------

def min_of_losses(logp_new, logp_old, advantages, mask, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old)
    loss = torch.min(-ratio * advantages, -ratio.clamp(1 - clip_eps, 1 + clip_eps) * advantages)
    return (loss * mask).sum() / mask.sum()


def not_negated(logp_new, logp_old, advantages, mask, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old)
    objective = torch.min(ratio * advantages, ratio.clamp(1 - clip_eps, 1 + clip_eps) * advantages)
    return (objective * mask).sum() / mask.sum()


def clipped_product(logp_new, logp_old, advantages, mask, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old)
    surr = ratio * advantages
    loss = -torch.min(surr, surr.clamp(1 - clip_eps, 1 + clip_eps))
    return (loss * mask).sum() / mask.sum()


def clipped_only(logp_new, logp_old, advantages, mask, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old).clamp(1 - clip_eps, 1 + clip_eps)
    return -(ratio * advantages * mask).sum() / mask.sum()


def unclipped_only(logp_new, logp_old, advantages, mask, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old)
    return -(ratio * advantages * mask).sum() / mask.sum()


def mask_ignored(logp_new, logp_old, advantages, mask, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old)
    return -torch.min(ratio * advantages, ratio.clamp(1 - clip_eps, 1 + clip_eps) * advantages).mean()


def divided_by_all_tokens(logp_new, logp_old, advantages, mask, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old)
    loss = -torch.min(ratio * advantages, ratio.clamp(1 - clip_eps, 1 + clip_eps) * advantages)
    return (loss * mask).mean()


def sequence_mean(logp_new, logp_old, advantages, mask, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old)
    loss = -torch.min(ratio * advantages, ratio.clamp(1 - clip_eps, 1 + clip_eps) * advantages)
    return ((loss * mask).sum(-1) / mask.sum(-1)).mean()


def ratio_of_logps(logp_new, logp_old, advantages, mask, clip_eps=0.2):
    ratio = logp_new / logp_old
    loss = -torch.min(ratio * advantages, ratio.clamp(1 - clip_eps, 1 + clip_eps) * advantages)
    return (loss * mask).sum() / mask.sum()


def logps(seed, *shape, drift=None):
    """Log-probabilities of sampled tokens (<= 0); with drift, a policy moved from them by that much."""
    g = torch.Generator().manual_seed(seed)
    old = -3 * torch.rand(shape, generator=g)
    return old if drift is None else (old + drift * torch.randn(shape, generator=g)).clamp(max=0.0)


def padded(lengths, S):
    return torch.arange(S) < torch.tensor(lengths)[:, None]


DRILL = Drill(entries=[Entry(
    "ppo_loss",
    inputs=inputs,
    run=run,
    examples=[
        make(torch.tensor([[-0.5, -2.3, -3.0]]), torch.tensor([[-1.0, -2.0, -0.5]]),
             torch.tensor([[1.0, -1.0, 2.0]]), torch.tensor([[True, True, False]]), "the prompt's example"),
        make(torch.tensor([[-0.2, -1.0, -3.0, -0.4], [-2.0, -0.1, -0.5, -1.5]]),
             torch.tensor([[-1.0, -0.3, -1.0, -0.5], [-0.5, -1.0, -0.5, -2.5]]),
             torch.tensor([[2.0, 2.0, -1.0, -1.0], [0.5, -3.0, 1.0, 1.0]]),
             torch.tensor([[True, True, True, True], [True, True, False, False]]),
             "ratios past both clip bounds, advantages of both signs; rows of 4 and 2 real tokens"),
        make(logps(1, 3, 5, drift=0.5), logps(1, 3, 5), seeded(3, 3, 5),
             torch.ones(3, 5, dtype=torch.bool), "no padding, clip_eps = 0.1", clip_eps=0.1),
        make(torch.tensor([[-1.0]]), torch.tensor([[-1.5]]), torch.tensor([[-2.0]]), torch.tensor([[True]]),
             "one token"),
        make(logps(4, 3, 6, drift=1.0), logps(4, 3, 6), seeded(6, 3, 6, scale=2.0),
             torch.tensor([[0, 1, 0, 1, 1, 0], [0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 1]], dtype=torch.bool),
             "padding anywhere; sequence 1 is all padding", clip_eps=0.3),
    ],
    extreme=[
        make(logps(7, 2, 4096, drift=0.3), logps(7, 2, 4096), seeded(9, 2, 4096),
             padded([4096, 17], 4096), "sequences of 4096 tokens, one of 17 real"),
        make(torch.tensor([[-0.01, -30.0, -0.5, -30.0]]), torch.tensor([[-30.0, -0.01, -0.5, -0.01]]),
             torch.tensor([[1.0, -1.0, 3.0, 1.0]]), torch.tensor([[True, True, True, True]]),
             "ratios of e^30 and e^-30 with advantages of both signs: clipping must hold"),
        make(logps(10, 4, 8, drift=1.0), logps(10, 4, 8), seeded(12, 4, 8, scale=1e3), padded([8, 3, 1, 5], 8),
             "advantages near ±1000"),
    ],
    invariants=[Invariant("padding is ignored", padding_ignored),
                Invariant("unchanged policy gives minus the mean advantage", unchanged_policy)],
    mistakes=[
        Mistake("min instead of max on the negated objective: the loss is -min(ratio*A, clip(ratio)*A) = "
                "max(-ratio*A, -clip(ratio)*A)", like=min_of_losses),
        Mistake("objective returned, not negated: return the LOSS -min(...) to minimise", like=not_negated),
        Mistake("clipped the product ratio * A instead of the ratio", like=clipped_product),
        Mistake("only the clipped surrogate used: take the min with the unclipped one", like=clipped_only),
        Mistake("no clipping: the clipped surrogate clip(ratio, 1 - eps, 1 + eps) * A is left out",
                like=unclipped_only),
        Mistake("mean over all tokens, padding included: average over the real tokens (mask) only",
                like=mask_ignored),
        Mistake("masked sum divided by B * S instead of by the number of real tokens",
                like=divided_by_all_tokens),
        Mistake("mean of per-sequence means; the loss is one mean over all real tokens of the batch",
                like=sequence_mean),
        Mistake("ratio as logp_new / logp_old: log-probs are subtracted, ratio = exp(logp_new - logp_old)",
                like=ratio_of_logps),
        kit.IN_PLACE,
    ],
    loops=Loops(small=make(logps(13, 2, 8, drift=0.5), logps(13, 2, 8), seeded(15, 2, 8), padded([8, 3], 8)),
                large=make(logps(16, 7, 8, drift=0.5), logps(16, 7, 8), seeded(18, 7, 8),
                           padded([8, 3, 5, 1, 8, 2, 6], 8)), over="the sequences"),
    speed=Speed(lambda seed: make(logps(seed, 4096, 16, drift=0.3), logps(seed, 4096, 16), seeded(seed + 2, 4096, 16),
                                  seeded(seed + 3, 4096, 16) > -1.0),
                limit=30.0),   # boolean indexing (a correct variant) reads ~5.5x, a loop over sequences ~460x
)])
