"""The reference against scikit-learn's GaussianNB (class_prior_, theta_, var_ and
predict_log_proba, var_smoothing included) in float64, and against densities multiplied in float64
where they do not underflow."""
import math

import pytest
import torch

from reference.naive_bayes import fit, predict_log_proba


def data(seed, n, d, C, far=3.0):
    g = torch.Generator().manual_seed(seed)
    y = torch.arange(n) % C
    X = torch.randn(C, d, generator=g, dtype=torch.float64)[y] * far + torch.randn(n, d, generator=g, dtype=torch.float64)
    return X * torch.rand(d, generator=g, dtype=torch.float64) * 5, y


@pytest.mark.parametrize("seed,n,d,C", [(0, 10, 2, 2), (1, 40, 5, 3), (2, 7, 3, 7), (3, 100, 8, 4), (4, 5, 1, 1)])
@pytest.mark.parametrize("var_smoothing", [1e-9, 1e-2, 1.0])
def test_agrees_with_sklearn(seed, n, d, C, var_smoothing):
    naive_bayes = pytest.importorskip("sklearn.naive_bayes")
    X, y = data(seed, n, d, C)
    nb = naive_bayes.GaussianNB(var_smoothing=var_smoothing).fit(X.numpy(), y.numpy())
    prior, mean, var = fit(X, y, var_smoothing)
    torch.testing.assert_close(prior, torch.from_numpy(nb.class_prior_), rtol=1e-12, atol=1e-12)
    torch.testing.assert_close(mean, torch.from_numpy(nb.theta_), rtol=1e-10, atol=1e-10)
    torch.testing.assert_close(var, torch.from_numpy(nb.var_), rtol=1e-10, atol=1e-12)
    X_test = data(seed + 100, 12, d, C, far=6.0)[0]
    torch.testing.assert_close(predict_log_proba(X_test, prior, mean, var),
                               torch.from_numpy(nb.predict_log_proba(X_test.numpy())), rtol=1e-9, atol=1e-9)


def test_far_points_agree_with_sklearn_in_float32():
    naive_bayes = pytest.importorskip("sklearn.naive_bayes")
    X, y = data(5, 30, 3, 3)
    nb = naive_bayes.GaussianNB().fit(X.numpy(), y.numpy())
    X_far = torch.full((2, 3), 300.0, dtype=torch.float64)
    X_far[1] *= -1
    want = torch.from_numpy(nb.predict_log_proba(X_far.numpy()))
    got = predict_log_proba(X_far.float(), *(t.float() for t in fit(X.float(), y)))
    assert torch.isfinite(got).all()
    torch.testing.assert_close(got.double(), want, rtol=1e-4, atol=1e-4 * want.abs().max().item())


def test_posterior_from_multiplied_densities():
    X, y = data(6, 20, 3, 3)
    prior, mean, var = fit(X, y)
    X_test = data(7, 5, 3, 3)[0]
    for i, x in enumerate(X_test.tolist()):
        joint = []
        for c in range(3):
            p = prior[c].item()
            for j, v in enumerate(x):
                s2 = var[c, j].item()
                p *= math.exp(-(v - mean[c, j].item()) ** 2 / (2 * s2)) / math.sqrt(2 * math.pi * s2)
            joint.append(p)
        want = [math.log(p / sum(joint)) for p in joint]
        torch.testing.assert_close(predict_log_proba(X_test[i:i + 1], prior, mean, var)[0],
                                   torch.tensor(want, dtype=torch.float64), rtol=1e-9, atol=1e-9)


def test_prompt_example():
    X = torch.tensor([[1.0, 2.0], [2.0, 1.0], [3.0, 3.0], [6.0, 5.0], [7.0, 8.0]])
    prior, mean, var = fit(X, torch.tensor([0, 0, 0, 1, 1]))
    torch.testing.assert_close(var, torch.tensor([[2 / 3, 2 / 3], [0.25, 2.25]]) + 6.16e-9)
    got = predict_log_proba(torch.tensor([[2.0, 2.0], [6.0, 6.0], [100.0, 100.0]]), prior, mean, var)
    torch.testing.assert_close(got, torch.tensor([[0.0, -45.5232], [-22.9212, 0.0], [0.0, -5021.7461]]),
                               rtol=1e-5, atol=1e-4)
