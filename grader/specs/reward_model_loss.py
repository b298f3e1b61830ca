"""reward_model_loss: one function, the Bradley–Terry pairwise loss with an optional margin.
Particular to it: rewards of any offset and spread, margins continuous or in Llama 2's levels (and
None), gaps of ±200 where sigmoid underflows; the margin comes in detached (the run passes it so);
the exact identity loss(c, r) - loss(r, c) = -mean(c - r) and log 2 for equal rewards; and the
mistakes of a swapped sign (two ways), no negation, the sum over the batch, the margin added or
ignored, and log(sigmoid)."""
import math

from hypothesis import strategies as st

import torch
import torch.nn.functional as F
from grader.engine import kit
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Reward model loss", zh="奖励模型损失", topic="post-training", difficulty="easy", minutes=10,
            oracle="F.binary_cross_entropy_with_logits against target 1; a float64 closed form")
HINTS = [
    "Bradley–Terry: the probability that the chosen response wins is sigmoid(r_chosen - r_rejected); the loss "
    "is its negative log-likelihood, averaged over the pairs.",
    "The margin raises the bar: the chosen reward must beat the rejected one BY the margin, so subtract it "
    "from the gap before the sigmoid.",
    "log(sigmoid(z)) is -inf in float32 once sigmoid(z) underflows (z near -100): F.logsigmoid(z) computes it "
    "directly.",
    "gap = r_chosen - r_rejected; if margin is not None: gap = gap - margin; return -F.logsigmoid(gap).mean()",
]


def run(impl, case, ns):
    """The margin is a label of the data: it is passed detached."""
    r_chosen, r_rejected = case.args
    margin = case.kwargs.get("margin")
    kwargs = {} if "margin" not in case.kwargs else {"margin": None if margin is None else margin.detach()}
    return impl(r_chosen, r_rejected, **kwargs)


def make(r_chosen, r_rejected, margin=None, label="", default=False) -> Case:
    """default: the margin is left out of the call (its default, None)."""
    gap = (r_chosen - r_rejected).abs().max().item() if r_chosen.numel() else 0.0
    return Case(args=(r_chosen, r_rejected), kwargs={} if default else {"margin": margin}, label=label,
                scale=max(1.0, gap / 50))       # float32 rounding of gaps in the hundreds


def inputs(draw) -> Case:
    B = draw(st.integers(1, 8))
    g = kit.generator(draw)
    spread = draw(st.sampled_from([0.3, 2.0, 10.0]))
    offset = draw(st.sampled_from([0.0, 5.0, -20.0]))        # rewards are only defined up to a constant
    r_chosen = offset + spread * torch.randn(B, generator=g)
    r_rejected = offset + spread * torch.randn(B, generator=g)
    kind = draw(st.sampled_from(["default", "none", "continuous", "levels"]))
    margin = None
    if kind == "continuous":
        margin = draw(st.sampled_from([0.5, 3.0])) * torch.rand(B, generator=g)
    elif kind == "levels":                                   # Llama 2: 0, 1/3, 2/3, 1 by how clear the preference
        margin = torch.randint(0, 4, (B,), generator=g).float() / 3
    return make(r_chosen, r_rejected, margin, default=kind == "default")


def swapping_negates_the_mean_gap(call, case):
    """-log sigmoid(z) - (-log sigmoid(-z)) = -z: swapping the two sides moves the loss by the mean gap."""
    c, r = case.args
    forward, backward = call(make(c, r)), call(make(r, c))
    want = -(c.double() - r.double()).mean().item()
    got = (forward.double() - backward.double()).item()
    if not math.isclose(got, want, rel_tol=1e-4, abs_tol=1e-5 * case.scale):
        raise Fail(f"without margins loss(c, r) - loss(r, c) must be -mean(c - r) = {want:.6g} (since -log sigmoid(z) "
                   f"+ log sigmoid(-z) = -z); got {got:.6g}")


def equal_rewards_give_log2(call, case):
    c = case.args[0]
    got = call(make(c, c.clone())).item()
    if not math.isclose(got, math.log(2), rel_tol=1e-5):
        raise Fail(f"with r_chosen == r_rejected and no margin each pair is a coin flip: the loss is log 2 = 0.6931, "
                   f"got {got:.6g}")


# ---- the classic mistakes, written as a learner would -----------------------------------------

def sign_swapped(r_chosen, r_rejected, margin=None):
    gap = r_rejected - r_chosen
    if margin is not None:
        gap = gap - margin
    return -F.logsigmoid(gap).mean()


def loss_of_negated_gap(r_chosen, r_rejected, margin=None):
    gap = r_chosen - r_rejected
    if margin is not None:
        gap = gap - margin
    return -F.logsigmoid(-gap).mean()


def not_negated(r_chosen, r_rejected, margin=None):
    gap = r_chosen - r_rejected
    if margin is not None:
        gap = gap - margin
    return F.logsigmoid(gap).mean()


def summed(r_chosen, r_rejected, margin=None):
    gap = r_chosen - r_rejected
    if margin is not None:
        gap = gap - margin
    return -F.logsigmoid(gap).sum()


def margin_added(r_chosen, r_rejected, margin=None):
    gap = r_chosen - r_rejected
    if margin is not None:
        gap = gap + margin
    return -F.logsigmoid(gap).mean()


def margin_ignored(r_chosen, r_rejected, margin=None):
    return -F.logsigmoid(r_chosen - r_rejected).mean()


def log_of_sigmoid(r_chosen, r_rejected, margin=None):
    gap = r_chosen - r_rejected
    if margin is not None:
        gap = gap - margin
    return -torch.log(torch.sigmoid(gap)).mean()


SIGN = "sign swapped: the loss is -log sigmoid(r_chosen - r_rejected - margin), pushing the CHOSEN reward up"


def pairs(seed, B, spread=2.0, margin=True, label=""):
    g = torch.Generator().manual_seed(seed)
    c, r = spread * torch.randn(B, generator=g), spread * torch.randn(B, generator=g)
    return make(c, r, torch.rand(B, generator=g) if margin else None, label)


DRILL = Drill(entries=[Entry(
    "reward_model_loss",
    inputs=inputs,
    run=run,
    examples=[
        make(torch.tensor([1.0, 0.5, 2.0]), torch.tensor([0.0, 1.5, -1.0]), label="the prompt's example",
             default=True),
        make(torch.tensor([1.0, 0.5, 2.0]), torch.tensor([0.0, 1.5, -1.0]), torch.tensor([0.5, 0.0, 1.0]),
             "the prompt's example with margins"),
        make(torch.tensor([-3.0]), torch.tensor([-1.0]), torch.tensor([2.0 / 3]), "one pair, the rejected ahead"),
        make(seeded(1, 6, scale=3.0) + 40.0, seeded(2, 6, scale=3.0) + 40.0, torch.randint(0, 4, (6,),
             generator=torch.Generator().manual_seed(3)).float() / 3, "rewards near 40, margins in thirds"),
        make(seeded(4, 5), seeded(5, 5), None, "margin=None passed explicitly"),
    ],
    extreme=[
        make(torch.tensor([250.0, -100.0, 3.0]), torch.tensor([50.0, 100.0, 3.0]), torch.tensor([0.0, 0.0, 1.0]),
             "gaps of +200 and -200: sigmoid(-200) underflows to 0"),
        pairs(6, 4096, spread=5.0, label="4096 pairs"),
    ],
    invariants=[Invariant("swapping the sides moves the loss by the mean gap", swapping_negates_the_mean_gap),
                Invariant("equal rewards give log 2", equal_rewards_give_log2)],
    mistakes=[
        Mistake(SIGN, like=sign_swapped),
        Mistake(SIGN, like=loss_of_negated_gap),
        Mistake("the log-likelihood returned, not its negative: the loss is -log sigmoid(...)", like=not_negated),
        Mistake("loss summed over the pairs instead of averaged", like=summed),
        Mistake("margin added to the gap: subtract it, so the chosen reward must win BY the margin",
                like=margin_added),
        Mistake("margin ignored: the gap is r_chosen - r_rejected - margin", like=margin_ignored),
        Mistake("-log(sigmoid(z)) underflows: sigmoid(z) is 0 for very negative z and log(0) = -inf; use "
                "F.logsigmoid", like=log_of_sigmoid),
        kit.IN_PLACE,
    ],
    loops=Loops(small=pairs(7, 3), large=pairs(8, 9), over="the pairs"),
    speed=Speed(lambda seed: pairs(seed, 65536), limit=30.0),
)])
