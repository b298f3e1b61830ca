"""naive_bayes: fit and predict_log_proba of Gaussian naive Bayes. fit is drawn with classes of very
different spreads and sizes (one sample included) and with var_smoothing large enough (up to 1)
that the smoothing term's scale is visible; predict_log_proba takes parameters of its own, so a
prior or a variance is graded even where fit would never produce it. Particular to it: points far
from every class (joint log-likelihoods near -1e5, where exponentiating underflows), two hundred
features (a product of densities underflows), absolute tolerances scaled by the size of the joint
log-likelihood, and the classic mistakes of the unbiased variance, the smoothing term's scale,
products of probabilities, the forgotten prior and the missing normalisation."""
import math

from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.spec import Case, Drill, Entry, Mistake, Speed

META = dict(title="Gaussian naive Bayes", zh="高斯朴素贝叶斯", topic="classic ML", difficulty="medium",
            minutes=20, oracle="sklearn GaussianNB (var_, theta_, class_prior_, predict_log_proba)")
HINTS = [
    "fit without a loop: onehot = F.one_hot(y, C).to(X.dtype) is (n, C); counts = onehot.sum(0); "
    "mean = onehot.T @ X / counts[:, None]. A loop over the classes with X[y == c] is fine too.",
    "The variance is the biased one, ((X[y == c] - mean[c]) ** 2).mean(0); then add "
    "var_smoothing * X.var(0, unbiased=False).max() to every entry.",
    "predict: diff = X[:, None, :] - mean[None] is (m, C, d); joint = log(prior) - 0.5 * (log(2π var) + diff² / var)"
    ".sum(-1); return joint - torch.logsumexp(joint, 1, keepdim=True). Never exp() the joint before normalising.",
]


# ---- fit ------------------------------------------------------------------------------------------------

def labelled(seed, n, d, C, spread=1.0, far=5.0, dtype=torch.float32):
    """n samples of C classes (every class present), each around its own centre with its own spread."""
    g = torch.Generator().manual_seed(seed)
    y = torch.arange(n) % C
    y = y[torch.randperm(n, generator=g)]
    centres = torch.randn(C, d, generator=g) * far
    spreads = torch.rand(C, d, generator=g) * 2 * spread + 0.1 * spread
    X = centres[y] + torch.randn(n, d, generator=g) * spreads[y]
    return X.to(dtype), y


def fit_case(X, y, var_smoothing=None, label="") -> Case:
    kwargs = {} if var_smoothing is None else {"var_smoothing": var_smoothing}
    return Case(args=(X, y), kwargs=kwargs, scale=max(1.0, X.abs().max().item()), label=label)


def fit_inputs(draw) -> Case:
    C = draw(st.integers(1, 4))
    n, d = draw(st.integers(max(C, 2), 20)), draw(st.integers(1, 4))
    X, y = labelled(draw(st.integers(0, 2**31 - 1)), n, d, C, spread=draw(st.sampled_from([0.1, 1.0, 10.0])),
                    far=draw(st.sampled_from([0.0, 5.0, 50.0])))
    return fit_case(X, y, draw(st.sampled_from([None, 1e-9, 1e-3, 0.1, 1.0])))


def fit_like(*, ddof=0, epsilon="largest"):
    def fit(X, y, var_smoothing=1e-9):
        C = int(y.max()) + 1
        prior, mean, var = [], [], []
        for c in range(C):
            Xc = X[y == c]
            prior.append(Xc.shape[0] / X.shape[0])
            mean.append(Xc.mean(0))
            var.append(((Xc - Xc.mean(0)) ** 2).sum(0) / (Xc.shape[0] - ddof))
        mean, var = torch.stack(mean), torch.stack(var)
        if epsilon == "largest":
            var = var + var_smoothing * X.var(0, unbiased=False).max()
        elif epsilon == "per feature":
            var = var + var_smoothing * X.var(0, unbiased=False)
        else:
            var = var + var_smoothing
        return torch.tensor(prior, dtype=X.dtype, device=X.device), mean, var
    return fit


FIT = Entry(
    "fit",
    inputs=fit_inputs,
    examples=[
        fit_case(torch.tensor([[1.0, 2.0], [2.0, 1.0], [3.0, 3.0], [6.0, 5.0], [7.0, 8.0]]),
                 torch.tensor([0, 0, 0, 1, 1]), label="the prompt's example"),
        fit_case(*labelled(1, 12, 3, 3), 0.1, "var_smoothing = 0.1"),
        fit_case(*labelled(2, 9, 2, 2, spread=10.0), 1.0, "var_smoothing = 1, features of different spreads"),
        fit_case(torch.tensor([[0.0, 10.0], [2.0, 20.0], [5.0, 0.0]]), torch.tensor([0, 0, 1]), 0.01,
                 "a class of one sample: its variance is epsilon alone"),
        fit_case(torch.tensor([[1.0], [3.0], [-2.0], [8.0]]), torch.tensor([0, 0, 0, 0]), label="one class"),
        fit_case(*labelled(3, 10, 2, 2, dtype=torch.float64), 0.05, "float64"),
    ],
    mistakes=[
        Mistake("unbiased variance (divided by the class size - 1): GaussianNB's variance is the biased one",
                like=fit_like(ddof=1),
                hint="((Xc - mean) ** 2).mean(0), or Xc.var(0, unbiased=False): divide by the class size."),
        Mistake("smoothing term added as var_smoothing itself: it is var_smoothing times the largest variance of a "
                "feature over all the samples", like=fit_like(epsilon="raw")),
        Mistake("smoothing term scaled per feature: one epsilon, var_smoothing · the LARGEST feature variance, is "
                "added everywhere", like=fit_like(epsilon="per feature")),
    ],
    grad=False,
    speed=Speed(lambda seed: fit_case(*labelled(seed, 4096, 32, 5)), limit=30.0),
)


# ---- predict_log_proba ------------------------------------------------------------------------------------

def joint64(X, prior, mean, var):
    X, prior, mean, var = (t.double() for t in (X, prior, mean, var))
    diff = X[:, None, :] - mean[None]
    return prior.log()[None] - 0.5 * (torch.log(2 * math.pi * var)[None] + diff ** 2 / var[None]).sum(-1)


def predict_case(X, prior, mean, var, label="") -> Case:
    """Absolute tolerance scaled by the joint log-likelihood's size: float32 keeps 7 digits of it."""
    return Case(args=(X, prior, mean, var), scale=max(1.0, joint64(X, prior, mean, var).abs().max().item()),
                label=label)


def parameters(seed, m, d, C, spread=3.0, var_scale=1.0, dtype=torch.float32):
    g = torch.Generator().manual_seed(seed)
    prior = torch.softmax(torch.randn(C, generator=g), 0)
    mean = torch.randn(C, d, generator=g) * spread
    var = torch.exp(torch.randn(C, d, generator=g)) * var_scale
    X = torch.randn(m, d, generator=g) * spread
    return tuple(t.to(dtype) for t in (X, prior, mean, var))


def predict_inputs(draw) -> Case:
    m, d, C = draw(st.integers(1, 12), ), draw(st.integers(1, 5)), draw(st.integers(1, 4))
    return predict_case(*parameters(draw(st.integers(0, 2**31 - 1)), m, d, C,
                                    spread=draw(st.sampled_from([0.5, 3.0, 10.0])),
                                    var_scale=draw(st.sampled_from([0.1, 1.0, 10.0]))))


def predict_like(*, logs=True, prior=True, normalise=True, sd=False):
    def predict_log_proba(X, prior_, mean, var):
        diff = X[:, None, :] - mean[None]
        spread = var.sqrt() if sd else var
        if not logs:                                          # densities multiplied, then normalised
            density = torch.exp(-diff ** 2 / (2 * spread[None])) / torch.sqrt(2 * math.pi * spread[None])
            joint = density.prod(-1) * (prior_[None] if prior else 1.0)
            return torch.log(joint / joint.sum(1, keepdim=True))
        joint = -0.5 * (torch.log(2 * math.pi * spread)[None] + diff ** 2 / spread[None]).sum(-1)
        if prior:
            joint = joint + torch.log(prior_)[None]
        return joint - torch.logsumexp(joint, 1, keepdim=True) if normalise else joint
    return predict_log_proba


EXAMPLE = (torch.tensor([[2.0, 2.0], [6.0, 6.0], [100.0, 100.0]]), torch.tensor([0.6, 0.4]),
           torch.tensor([[2.0, 2.0], [6.5, 6.5]]), torch.tensor([[2 / 3, 2 / 3], [0.25, 2.25]]) + 6.16e-9)
PREDICT = Entry(
    "predict_log_proba",
    inputs=predict_inputs,
    examples=[
        predict_case(*EXAMPLE, "the prompt's example"),
        predict_case(*parameters(1, 6, 3, 3), "m=6, d=3, C=3"),
        predict_case(torch.tensor([[0.0]]), torch.tensor([0.9, 0.1]), torch.tensor([[0.0], [0.0]]),
                     torch.tensor([[1.0], [1.0]]), "two classes alike but for the prior"),
        predict_case(*parameters(2, 4, 2, 1), "one class: log-posterior 0"),
        predict_case(*parameters(3, 5, 3, 4, dtype=torch.float64), "float64"),
    ],
    extreme=[
        predict_case(*parameters(4, 6, 3, 3, spread=300.0, var_scale=0.5), "points far from every class: joint "
                     "log-likelihoods near -1e5"),
        predict_case(*parameters(5, 8, 200, 3), "200 features: the product of 200 densities underflows"),
    ],
    mistakes=[
        Mistake("densities multiplied and exponentiated before normalising: far from every class they underflow to "
                "0 (log 0 = -inf, 0 / 0 = NaN); add log-densities and normalise with log-sum-exp",
                like=predict_like(logs=False),
                hint="joint = log(prior) + Σ_j log N(x_j); return joint - torch.logsumexp(joint, dim=1, keepdim=True)."),
        Mistake("the prior is left out: the joint log-likelihood is log prior[c] + Σ_j log N(x_j; μ, σ²)",
                like=predict_like(prior=False)),
        Mistake("not normalised over the classes: subtract each row's log-sum-exp (the posterior's exponentials sum "
                "to 1)", like=predict_like(normalise=False)),
        Mistake("var used as a standard deviation: the density's σ² is var itself", like=predict_like(sd=True)),
    ],
    grad=False,                    # an inference step: the prompt asks for values, not a differentiable one
    speed=Speed(lambda seed: predict_case(*parameters(seed, 4096, 32, 5)), limit=30.0),
)

DRILL = Drill(entries=[FIT, PREDICT], banned=["import sklearn"])
