"""Gaussian naive Bayes  高斯朴素贝叶斯

Fit a Gaussian naive Bayes classifier and give the log-posterior of every class, as sklearn's
GaussianNB does (fit, then predict_log_proba).

`fit(X, y, var_smoothing=1e-9) -> (prior, mean, var)`: X (n, d) float, y (n,) a LongTensor whose
values are 0 .. C-1, every class present at least once (C = y.max() + 1).
- prior (C,): the fraction of the samples in each class.
- mean (C, d): the per-class mean of every feature.
- var (C, d): the per-class variance of every feature, the BIASED one (divided by the class size,
  not size - 1), plus the smoothing term epsilon = var_smoothing · (the largest biased variance of
  a feature over ALL the samples), the same epsilon for every class and feature. (X is never
  constant in every feature, so epsilon > 0 and var > 0 even for a class of one sample.)

`predict_log_proba(X, prior, mean, var) -> (m, C)`: X (m, d); prior, mean, var as fit returns them
(any positive var, any positive prior summing to 1). With the Gaussian log-density
log N(x; μ, σ²) = -½ log(2π σ²) - (x - μ)² / (2σ²), the joint log-likelihood of class c is
log prior[c] + Σ_j log N(x_j; mean[c, j], var[c, j]); return it normalised over the classes, the
log of the posterior: each row's exponentials sum to 1.
- Points far from every class (joint log-likelihoods near -1e5) must give finite, right answers:
  work with logs throughout; multiplying the densities (or exponentiating the joint) underflows
  to 0 and gives -inf or NaN.

Outputs in X's dtype (float32; float64 must work too), on X's device. The inputs are not modified;
scikit-learn is not allowed.

Example:
    >>> X = torch.tensor([[1.0, 2.0], [2.0, 1.0], [3.0, 3.0], [6.0, 5.0], [7.0, 8.0]])
    >>> prior, mean, var = fit(X, torch.tensor([0, 0, 0, 1, 1]))
    >>> prior, mean, var              # epsilon = 1e-9 · 6.16 (feature 1 over all 5 samples)
    (tensor([0.6000, 0.4000]), tensor([[2.0000, 2.0000],
            [6.5000, 6.5000]]), tensor([[0.6667, 0.6667],
            [0.2500, 2.2500]]))
    >>> predict_log_proba(torch.tensor([[2.0, 2.0], [6.0, 6.0], [100.0, 100.0]]), prior, mean, var)
    tensor([[    0.0000,   -45.5232],
            [  -22.9212,     0.0000],
            [    0.0000, -5021.7461]])
"""
import torch


def fit(X: torch.Tensor, y: torch.Tensor, var_smoothing: float = 1e-9) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # TODO: class counts, per-class means and biased variances, add var_smoothing · the largest
    # feature variance (about 7 lines)
    raise NotImplementedError


def predict_log_proba(X: torch.Tensor, prior: torch.Tensor, mean: torch.Tensor, var: torch.Tensor) -> torch.Tensor:
    # TODO: per-class Gaussian log-densities summed over features, plus log prior, minus the row's
    # log-sum-exp (about 4 lines)
    raise NotImplementedError
