"""kl_estimators: one function returning three per-token tensors. Particular to it: log-probs of
sampled tokens from 0 down to -200 (where exp(logp) underflows), policies close to and far from the
reference (log-ratios from ±0.01 to ±30), any shape; unbiasedness graded exactly — over enumerated
vocabularies the π-weighted sums of k1 and k3 equal KL(π ‖ π_ref) — and k2, k3 never negative; the
mistakes of the ratio inverted, k1's sign, k3's sign (two ways), k2 without the 1/2, and the ratio
taken of probabilities."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="KL estimators k1, k2, k3", zh="KL散度估计器", topic="post-training", difficulty="easy",
            minutes=10, oracle="closed forms in float64; exact expectations against torch.distributions.kl_divergence")
HINTS = [
    "Everything is a function of one number per token: log r = logp_ref - logp, the log of π_ref / π.",
    "k1 = -log r and k2 = (log r)² / 2. k3 = (r - 1) - log r with r = exp(log r): it is never negative, since "
    "e^t >= 1 + t.",
    "Mind the direction: r is π_ref over π (reference over policy), because the tokens come from π and "
    "E_π[r] = 1, which is what makes k3 unbiased.",
    "log_r = logp_ref - logp; return -log_r, log_r ** 2 / 2, log_r.exp() - 1 - log_r",
]
OUTPUTS = "compared: k1, k2, k3"


def make(logp, logp_ref, label="") -> Case:
    # k3 grows like e^|log r|; rounding of the log-probs themselves grows with their size
    big = max(logp.abs().max().item(), logp_ref.abs().max().item()) if logp.numel() else 0.0
    return Case(args=(logp, logp_ref), label=f"{label}; {OUTPUTS}" if label else OUTPUTS,
                scale=max(1.0, big / 20))


def sampled(g, shape, drift, depth=3.0):
    """Log-probs of sampled tokens under π, and under a reference moved from π by about `drift`."""
    logp = -depth * torch.rand(shape, generator=g)
    logp_ref = (logp + drift * torch.randn(shape, generator=g)).clamp(max=0.0)
    return logp, logp_ref


def inputs(draw) -> Case:
    shape = draw(st.lists(st.integers(1, 6), min_size=1, max_size=3))
    drift = draw(st.sampled_from([0.01, 0.3, 1.0, 4.0]))
    depth = draw(st.sampled_from([3.0, 12.0]))
    return make(*sampled(kit.generator(draw), shape, drift, depth))


def unbiased(call, case):
    """Every token of a small vocabulary, weighted by π: the exact expectation under π."""
    g = torch.Generator().manual_seed(0)
    for rows, vocab, spread in ((5, 6, 2.0), (3, 2, 1.0), (2, 11, 4.0)):
        logp = torch.log_softmax(spread * torch.randn(rows, vocab, generator=g, dtype=torch.float64), -1)
        logp_ref = torch.log_softmax(spread * torch.randn(rows, vocab, generator=g, dtype=torch.float64), -1)
        out = call(Case(args=(logp, logp_ref)))
        p = logp.exp()
        kl = (p * (logp - logp_ref)).sum(-1)                              # KL(π ‖ π_ref), exact
        for name, k in (("k1", out[0]), ("k3", out[2])):
            mean = (p * k.detach().double()).sum(-1)
            if not torch.allclose(mean, kl, rtol=1e-5, atol=1e-7):
                i = int((mean - kl).abs().argmax())
                raise Fail(f"{name} is biased: over a vocabulary of {vocab} tokens, Σ_x π(x)·{name}(x) = "
                           f"{mean[i].item():.6g} but KL(π ‖ π_ref) = {kl[i].item():.6g} (row {i}); with x ~ π, "
                           f"E[{name}] must be the KL — check the direction of the ratio r = π_ref / π")


def non_negative(call, case):
    _, k2, k3 = call(case)
    for name, k in (("k2", k2), ("k3", k3)):
        k = k.detach()
        if (k < -1e-6 * case.scale).any():
            raise Fail(f"{name} has a negative estimate, {k.min().item():.4g}: (log r)² / 2 >= 0 and "
                       f"(r - 1) - log r >= 0 for every r > 0")


# ---- the classic mistakes, written as a learner would -----------------------------------------

def ratio_inverted(logp, logp_ref):
    log_ratio = logp - logp_ref                      # log(π / π_ref)
    ratio = torch.exp(log_ratio)
    return -log_ratio, log_ratio ** 2 / 2, ratio - 1 - log_ratio


def k1_sign(logp, logp_ref):
    log_ratio = logp_ref - logp
    return log_ratio, log_ratio ** 2 / 2, torch.exp(log_ratio) - 1 - log_ratio


def k3_log_added(logp, logp_ref):
    log_ratio = logp_ref - logp
    return -log_ratio, log_ratio ** 2 / 2, torch.exp(log_ratio) - 1 + log_ratio


def k3_negated(logp, logp_ref):
    log_ratio = logp_ref - logp
    return -log_ratio, log_ratio ** 2 / 2, log_ratio - (torch.exp(log_ratio) - 1)


def k2_without_half(logp, logp_ref):
    log_ratio = logp_ref - logp
    return -log_ratio, log_ratio ** 2, torch.exp(log_ratio) - 1 - log_ratio


def ratio_of_probabilities(logp, logp_ref):
    ratio = torch.exp(logp_ref) / torch.exp(logp)
    log_ratio = torch.log(ratio)
    return -log_ratio, log_ratio ** 2 / 2, ratio - 1 - log_ratio


K3_SIGN = "k3's sign: k3 = (r - 1) - log r (the log term is subtracted; k3 is never negative)"


def tokens(seed, *shape, drift=1.0, depth=3.0, label=""):
    return make(*sampled(torch.Generator().manual_seed(seed), shape, drift, depth), label)


DRILL = Drill(entries=[Entry(
    "kl_estimators",
    inputs=inputs,
    examples=[
        make(torch.tensor([-1.0, -2.0, -0.5]), torch.tensor([-1.5, -1.0, -0.5]), "the prompt's example"),
        tokens(1, 3, 5, drift=1.0, label="(3, 5) tokens, log-ratios of both signs"),
        make(torch.tensor([[-0.1, -4.0], [-2.0, -0.7]]), torch.tensor([[-3.0, -0.2], [-2.0, -0.9]]),
             "log-ratios -2.9, +3.8, 0, -0.2"),
        tokens(2, 1, 1, drift=0.5, label="one token"),
        tokens(3, 2, 3, 4, drift=0.05, label="(2, 3, 4): a policy close to the reference"),
    ],
    extreme=[
        tokens(4, 4, 16, drift=3.0, depth=200.0, label="log-probs down to -200: exp(logp) underflows to 0"),
        make(torch.tensor([-30.0, -0.01, -5.0]), torch.tensor([-0.01, -30.0, -5.0 + 1e-4]),
             "log-ratios of +30, -30 and 1e-4"),
        tokens(5, 2, 4096, drift=1.0, label="(2, 4096)"),
    ],
    invariants=[Invariant("k1 and k3 are unbiased (exact expectation)", unbiased, drawn=False),
                Invariant("k2 and k3 are never negative", non_negative)],
    mistakes=[
        Mistake("ratio inverted: r = π_ref / π, so log r = logp_ref - logp (the tokens come from π)",
                like=ratio_inverted),
        Mistake("k1's sign: k1 = -log r = logp - logp_ref (a positive KL when π puts more mass on its own "
                "samples)", like=k1_sign),
        Mistake(K3_SIGN, like=k3_log_added),
        Mistake(K3_SIGN, like=k3_negated),
        Mistake("k2 without the 1/2: k2 = (log r)² / 2", like=k2_without_half),
        Mistake("ratio taken of probabilities, exp(logp_ref) / exp(logp): both underflow to 0 for log-probs near "
                "-200; use exp(logp_ref - logp)", like=ratio_of_probabilities),
        kit.IN_PLACE,
    ],
    loops=Loops(small=tokens(6, 3, 8), large=tokens(7, 9, 8), over="the rows"),
    speed=Speed(lambda seed: tokens(seed, 64, 4096), limit=30.0),
)])
