import torch
from hypothesis import strategies as st

from grader.spec import Case, Drill, Fail, Invariant, Mistake, random_mask, seeded

META = dict(title="PPO clipped objective", zh="PPO裁剪目标", topic="post-training", difficulty="medium",
            minutes=15)
HINTS = [
    "ratio = exp(logp_new - logp_old): a difference of log-probs is the log of the probability ratio.",
    "Objective per token: min(ratio * A, clamp(ratio, 1 - eps, 1 + eps) * A). The loss is its negative, "
    "so the min of the objectives becomes the MAX of the negated terms.",
    "Masked token mean: (per_token * mask).sum() / mask.sum() — divide by the number of real tokens, "
    "not by B * S.",
]


def run(impl, case):
    """logp_old and the advantages come from the sampling pass: they are passed detached, so
    detaching them (or not) inside the loss is the learner's choice."""
    logp_new, logp_old, advantages, mask = case.args
    return impl(logp_new, logp_old.detach(), advantages.detach(), mask, **case.kwargs)


def make(logp_new, logp_old, advantages, mask, label="", **kwargs) -> Case:
    return Case(args=(logp_new, logp_old, advantages, mask), kwargs=kwargs, label=label)


def inputs(draw) -> Case:
    B, S = draw(st.integers(1, 4)), draw(st.integers(1, 8))
    g = torch.Generator().manual_seed(draw(st.integers(0, 2**31 - 1)))
    logp_old = -3 * torch.rand(B, S, generator=g)                 # log-probs of sampled tokens
    drift = draw(st.sampled_from([0.05, 0.3, 1.0]))                # how far the policy moved
    logp_new = logp_old + drift * torch.randn(B, S, generator=g)  # ratios inside and past the clip range
    advantages = torch.randn(B, S, generator=g) * draw(st.sampled_from([1.0, 5.0]))
    if draw(st.booleans()):                                        # one advantage per sequence, broadcast
        advantages = advantages[:, :1].expand(B, S).clone()
    mask = random_mask(draw, B, S)
    eps = draw(st.sampled_from([None, 0.1, 0.3]))
    return make(logp_new, logp_old, advantages, mask, **({} if eps is None else {"clip_eps": eps}))


def padding_ignored(call, case):
    logp_new, logp_old, advantages, mask = case.args
    if mask.all():
        return
    pad = ~mask
    changed = make(logp_new.masked_fill(pad, -0.1), logp_old.masked_fill(pad, -2.0),
                   advantages.masked_fill(pad, 7.0), mask, **case.kwargs)
    a, b = call(case), call(changed)
    if not torch.allclose(a, b, rtol=1e-5, atol=1e-6):
        raise Fail(f"changing only the padding tokens (mask False) changed the loss from {a.item():.6g} to "
                   f"{b.item():.6g}: padding must not count")


def unchanged_policy(call, case):
    _, logp_old, advantages, mask = case.args
    got = call(make(logp_old.clone(), logp_old, advantages, mask, **case.kwargs))
    want = -(advantages * mask).sum() / mask.sum()
    if not torch.allclose(got, want, rtol=1e-5, atol=1e-5):
        raise Fail(f"with logp_new == logp_old every ratio is 1, so the loss is minus the mean advantage over "
                   f"real tokens, {want.item():.6g}; got {got.item():.6g}")


# ---- the classic mistakes -----------------------------------------------------------------------

def surrogates(logp_new, logp_old, advantages, clip_eps):
    ratio = torch.exp(logp_new - logp_old)
    return ratio * advantages, ratio.clamp(1 - clip_eps, 1 + clip_eps) * advantages


def masked_mean(x, mask):
    return (x * mask).sum() / mask.sum()


def min_of_losses(logp_new, logp_old, advantages, mask, clip_eps=0.2):
    s1, s2 = surrogates(logp_new, logp_old, advantages, clip_eps)
    return masked_mean(torch.min(-s1, -s2), mask)


def not_negated(logp_new, logp_old, advantages, mask, clip_eps=0.2):
    s1, s2 = surrogates(logp_new, logp_old, advantages, clip_eps)
    return masked_mean(torch.min(s1, s2), mask)


def clipped_product(logp_new, logp_old, advantages, mask, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old)
    s1, s2 = ratio * advantages, (ratio * advantages).clamp(1 - clip_eps, 1 + clip_eps)
    return masked_mean(-torch.min(s1, s2), mask)


def clipped_only(logp_new, logp_old, advantages, mask, clip_eps=0.2):
    _, s2 = surrogates(logp_new, logp_old, advantages, clip_eps)
    return masked_mean(-s2, mask)


def mask_ignored(logp_new, logp_old, advantages, mask, clip_eps=0.2):
    s1, s2 = surrogates(logp_new, logp_old, advantages, clip_eps)
    return (-torch.min(s1, s2)).mean()


def divided_by_all_tokens(logp_new, logp_old, advantages, mask, clip_eps=0.2):
    s1, s2 = surrogates(logp_new, logp_old, advantages, clip_eps)
    return (-torch.min(s1, s2) * mask).mean()


def sequence_mean(logp_new, logp_old, advantages, mask, clip_eps=0.2):
    s1, s2 = surrogates(logp_new, logp_old, advantages, clip_eps)
    return ((-torch.min(s1, s2) * mask).sum(-1) / mask.sum(-1)).mean()


def ratio_of_logps(logp_new, logp_old, advantages, mask, clip_eps=0.2):
    ratio = logp_new / logp_old
    s1, s2 = ratio * advantages, ratio.clamp(1 - clip_eps, 1 + clip_eps) * advantages
    return masked_mean(-torch.min(s1, s2), mask)


DRILL = Drill(
    entry="ppo_loss",
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
        make(seeded(1, 3, 5) * 0.5 - 1, seeded(2, 3, 5) * 0.5 - 1, seeded(3, 3, 5),
             torch.ones(3, 5, dtype=torch.bool), "no padding, clip_eps = 0.1", clip_eps=0.1),
        make(torch.tensor([[-1.0]]), torch.tensor([[-1.5]]), torch.tensor([[-2.0]]), torch.tensor([[True]]),
             "one token"),
    ],
    extreme=[
        make(seeded(4, 2, 4096) * 0.3 - 2, seeded(5, 2, 4096) * 0.3 - 2, seeded(6, 2, 4096),
             torch.arange(4096) < torch.tensor([[4096], [17]]), "sequences of 4096 tokens, one of 17 real"),
        make(torch.tensor([[-0.01, -30.0, -0.5]]), torch.tensor([[-30.0, -0.01, -0.5]]),
             torch.tensor([[1.0, -1.0, 3.0]]), torch.tensor([[True, True, True]]),
             "ratios of e^30 and e^-30: clipping must hold"),
    ],
    invariants=[Invariant("padding is ignored", padding_ignored),
                Invariant("unchanged policy gives minus the mean advantage", unchanged_policy)],
    mistakes=[
        Mistake("min instead of max on the negated objective: the loss is -min(ratio*A, clip(ratio)*A) = "
                "max(-ratio*A, -clip(ratio)*A)", like=min_of_losses),
        Mistake("objective returned, not negated: return the LOSS -min(...) to minimise", like=not_negated),
        Mistake("clipped the product ratio * A instead of the ratio", like=clipped_product),
        Mistake("only the clipped surrogate used: take the min with the unclipped one", like=clipped_only),
        Mistake("mean over all tokens, padding included: average over the real tokens (mask) only",
                like=mask_ignored),
        Mistake("masked sum divided by B * S instead of by the number of real tokens",
                like=divided_by_all_tokens),
        Mistake("mean of per-sequence means; the loss is one mean over all real tokens of the batch",
                like=sequence_mean),
        Mistake("ratio as logp_new / logp_old: log-probs are subtracted, ratio = exp(logp_new - logp_old)",
                like=ratio_of_logps),
        Mistake("an input modified in place: work on new tensors", check="inputs unchanged"),
    ],
    speed=lambda: make(seeded(7, 4096, 16) * 0.3 - 2, seeded(8, 4096, 16) * 0.3 - 2, seeded(9, 4096, 16),
                       seeded(10, 4096, 16) > -1.0),
    speed_limit=25.0,        # boolean indexing (a correct variant) reads ~5.5x, a loop over sequences ~460x
)
