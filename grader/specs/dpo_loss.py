"""dpo_loss: one function returning the loss and the two implicit rewards (TRL's sigmoid DPO loss).
Particular to it: summed log-probs of responses of 5 to 300 tokens, margins up to ±200 where
sigmoid underflows; the reference model's log-probs come in detached (the run passes them so); the
rewards are returned detached while the loss keeps its graph (the gradients check); the policy equal
to the reference gives log 2; and the mistakes of log(sigmoid), a swapped sign, beta left out of the
rewards or of the loss, a summed loss and reversed log-ratios."""
import math

from hypothesis import strategies as st

import torch
import torch.nn.functional as F
from grader.engine import kit
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(oracle="the DPO paper's loss in float64", title="DPO loss", zh="DPO损失", topic="post-training", difficulty="easy", minutes=10)
HINTS = [
    "Each reward is beta times a log-ratio, and log(pi / ref) = pi - ref for log-probabilities: "
    "chosen = beta * (pi_chosen - ref_chosen), rejected likewise.",
    "-log(sigmoid(z)) underflows when z is very negative (sigmoid(-200) is 0 in float32). "
    "F.logsigmoid(z), or -F.softplus(-z), computes log sigmoid(z) without forming sigmoid(z).",
    "loss = -F.logsigmoid(chosen - rejected).mean(); return loss, chosen.detach(), rejected.detach()",
]
OUTPUTS = "compared: loss, chosen_reward, rejected_reward"


def run(impl, case, ns):
    """The reference model's log-probs come from a frozen model: they are passed detached, so
    detaching them (or not) inside the loss is the learner's choice."""
    pi_c, pi_r, ref_c, ref_r = case.args
    return impl(pi_c, pi_r, ref_c.detach(), ref_r.detach(), **case.kwargs)


def make(pi_c, pi_r, ref_c, ref_r, label="", **kwargs) -> Case:
    beta = kwargs.get("beta", 0.1)
    big = max(t.abs().max().item() for t in (pi_c, pi_r, ref_c, ref_r))
    # float32 differences of log-probs in the hundreds carry rounding ~1e-7 of their size
    return Case(args=(pi_c, pi_r, ref_c, ref_r), kwargs=kwargs, scale=max(1.0, beta * big / 50),
                label=f"{label}; {OUTPUTS}" if label else OUTPUTS)


def inputs(draw) -> Case:
    B = draw(st.integers(1, 8))
    g = kit.generator(draw)
    length = draw(st.sampled_from([5.0, 50.0, 300.0]))         # ~ tokens per response
    ref_c, ref_r = (-length * (0.5 + torch.rand(B, generator=g)) for _ in range(2))
    drift = draw(st.sampled_from([0.5, 5.0, 30.0]))             # how far the policy moved, either way
    pi_c = (ref_c + drift * torch.randn(B, generator=g)).clamp(max=0.0)
    pi_r = (ref_r + drift * torch.randn(B, generator=g)).clamp(max=0.0)
    beta = draw(st.sampled_from([None, 0.01, 0.5, 1.0]))
    return make(pi_c, pi_r, ref_c, ref_r, **({} if beta is None else {"beta": beta}))


def equal_policy_gives_log2(call, case):
    _, _, ref_c, ref_r = case.args
    loss, cr, rr = call(make(ref_c, ref_r, ref_c, ref_r, **case.kwargs))
    if not math.isclose(float(loss), math.log(2), rel_tol=1e-5) or cr.abs().max() > 0 or rr.abs().max() > 0:
        raise Fail(f"with the policy equal to the reference (pi_* == ref_*) every reward is 0 and the loss "
                   f"is -log sigmoid(0) = log 2 = 0.6931; got loss {float(loss):.6g}, rewards "
                   f"{cr.flatten()[:3].tolist()}, {rr.flatten()[:3].tolist()}")


REWARDS_ATTACHED = Mistake("rewards returned attached to the graph: .detach() them",
                           hint="The rewards are for logging: return chosen.detach(), rejected.detach(). Kept in "
                                "the graph, each logged reward holds the whole forward pass in memory.")


def rewards_detached(call, case):
    """With pi_chosen and pi_rejected requiring grad (as in training), the rewards do not."""
    pi_c, pi_r, ref_c, ref_r = case.args
    training = Case(args=(pi_c.detach().clone().requires_grad_(), pi_r.detach().clone().requires_grad_(),
                          ref_c, ref_r), kwargs=case.kwargs, label=case.label, scale=case.scale)
    with torch.enable_grad():
        _, chosen, rejected = call(training)
    attached = [name for name, t in (("chosen_reward", chosen), ("rejected_reward", rejected))
                if isinstance(t, torch.Tensor) and t.requires_grad]
    if attached:
        raise Fail(f"with pi_chosen and pi_rejected requiring grad, {' and '.join(attached)} "
                   f"{'still requires' if len(attached) == 1 else 'still require'} grad: return the rewards "
                   f".detach()ed — they are logged, not trained", mistake=REWARDS_ATTACHED.name)


# ---- the classic mistakes -----------------------------------------------------------------------

def rewards(pi_c, pi_r, ref_c, ref_r, beta):
    return beta * (pi_c - ref_c), beta * (pi_r - ref_r)


def log_of_sigmoid(pi_c, pi_r, ref_c, ref_r, beta=0.1):
    c, r = rewards(pi_c, pi_r, ref_c, ref_r, beta)
    return -torch.log(torch.sigmoid(c - r)).mean(), c.detach(), r.detach()


def sign_swapped(pi_c, pi_r, ref_c, ref_r, beta=0.1):
    c, r = rewards(pi_c, pi_r, ref_c, ref_r, beta)
    return -F.logsigmoid(r - c).mean(), c.detach(), r.detach()


def rewards_without_beta(pi_c, pi_r, ref_c, ref_r, beta=0.1):
    c, r = rewards(pi_c, pi_r, ref_c, ref_r, beta)
    return -F.logsigmoid(c - r).mean(), (pi_c - ref_c).detach(), (pi_r - ref_r).detach()


def loss_without_beta(pi_c, pi_r, ref_c, ref_r, beta=0.1):
    c, r = rewards(pi_c, pi_r, ref_c, ref_r, beta)
    return -F.logsigmoid((pi_c - ref_c) - (pi_r - ref_r)).mean(), c.detach(), r.detach()


def summed(pi_c, pi_r, ref_c, ref_r, beta=0.1):
    c, r = rewards(pi_c, pi_r, ref_c, ref_r, beta)
    return -F.logsigmoid(c - r).sum(), c.detach(), r.detach()


def log_ratio_reversed(pi_c, pi_r, ref_c, ref_r, beta=0.1):
    c, r = rewards(pi_c, pi_r, ref_c, ref_r, beta)
    return -F.logsigmoid(c - r).mean(), -c.detach(), -r.detach()


def pairs(seed, B, length=100.0, drift=5.0, beta=None, label=""):
    """B preference pairs: summed log-probs of responses of about `length` tokens, the policy moved
    from the reference by about `drift`."""
    g = torch.Generator().manual_seed(seed)
    ref_c, ref_r = (-length * (0.5 + torch.rand(B, generator=g)) for _ in range(2))
    pi_c, pi_r = ((r + drift * torch.randn(B, generator=g)).clamp(max=0.0) for r in (ref_c, ref_r))
    return make(pi_c, pi_r, ref_c, ref_r, label, **({} if beta is None else {"beta": beta}))


DRILL = Drill(entries=[Entry(
    "dpo_loss",
    inputs=inputs,
    run=run,
    examples=[
        make(torch.tensor([-10.0, -8.0]), torch.tensor([-12.0, -7.0]), torch.tensor([-11.0, -8.0]),
             torch.tensor([-11.0, -8.0]), "the prompt's example"),
        make(torch.tensor([-30.0]), torch.tensor([-40.0]), torch.tensor([-35.0]), torch.tensor([-30.0]),
             "one pair, beta = 1", beta=1.0),
        pairs(1, 5, beta=0.5, label="five pairs, beta = 0.5"),
        pairs(2, 4, length=10.0, drift=2.0, beta=0.01, label="four pairs, beta = 0.01"),
    ],
    extreme=[
        make(torch.tensor([-2500.0, -100.0]), torch.tensor([-100.0, -2500.0]), torch.tensor([-500.0, -500.0]),
             torch.tensor([-100.0, -500.0]), "margins of -200 and +200: sigmoid(-200) underflows to 0"),
        pairs(3, 1024, length=300.0, drift=20.0, beta=1.0, label="a batch of 1024"),
    ],
    invariants=[Invariant("policy equal to the reference gives log 2", equal_policy_gives_log2),
                Invariant("rewards detached", rewards_detached)],
    mistakes=[
        Mistake("-log(sigmoid(z)) underflows: sigmoid(z) is 0 for very negative z and log(0) = -inf; use "
                "F.logsigmoid", like=log_of_sigmoid),
        Mistake("sign swapped: the loss should push the CHOSEN reward above the rejected one "
                "(-logsigmoid(chosen - rejected))", like=sign_swapped),
        Mistake("beta missing in the rewards: chosen_reward = beta * (pi_chosen - ref_chosen)",
                like=rewards_without_beta),
        Mistake("beta missing inside the sigmoid: -logsigmoid(beta * (log-ratio difference))",
                like=loss_without_beta),
        Mistake("loss summed over the batch instead of averaged", like=summed),
        Mistake("log-ratios reversed (ref - pi instead of pi - ref) in the rewards", like=log_ratio_reversed),
        REWARDS_ATTACHED,
        kit.IN_PLACE,
    ],
    loops=Loops(small=pairs(4, 3), large=pairs(5, 9), over="the pairs"),
    speed=Speed(lambda seed: pairs(seed, 2048, length=200.0), limit=30.0),
)])
