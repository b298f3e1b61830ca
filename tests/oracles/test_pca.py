"""The reference against scikit-learn's PCA, torch.pca_lowrank and torch.linalg.eigh of the covariance
matrix, in float64, each brought to the prompt's sign convention (a direction and its negative are the
same axis) before comparing."""
import pytest
import torch

from reference.pca import pca


def signed(components):
    big = components.abs().argmax(1, keepdim=True)
    return components * components.gather(1, big).sign()


def data(seed, n, d, offset=2.0):
    g = torch.Generator().manual_seed(seed)
    Q, _ = torch.linalg.qr(torch.randn(d, d, generator=g, dtype=torch.float64))
    stds = 0.6 ** torch.arange(d, dtype=torch.float64) * 3
    return (torch.randn(n, d, generator=g, dtype=torch.float64) * stds) @ Q.T + offset


SHAPES = [(2, 1, 1), (5, 3, 2), (40, 6, 6), (200, 10, 4), (8, 20, 7), (3, 2, 2)]


@pytest.mark.parametrize("n,d,k", SHAPES)
def test_agrees_with_sklearn_pca(n, d, k):
    PCA = pytest.importorskip("sklearn.decomposition").PCA
    x = data(n * 7 + d, n, d)
    model = PCA(n_components=k, svd_solver="full").fit(x.numpy())
    comps, var = pca(x, k)
    torch.testing.assert_close(comps, signed(torch.from_numpy(model.components_)), rtol=1e-8, atol=1e-8)
    torch.testing.assert_close(var, torch.from_numpy(model.explained_variance_), rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("n,d,k", SHAPES)
def test_agrees_with_eigh_of_the_covariance(n, d, k):
    x = data(n + d, n, d)
    evals, evecs = torch.linalg.eigh(torch.cov(x.T).reshape(d, d))           # torch.cov: unbiased
    comps, var = pca(x, k)
    torch.testing.assert_close(var, evals.flip(0)[:k], rtol=1e-9, atol=1e-12)
    torch.testing.assert_close(comps, signed(evecs.flip(1)[:, :k].T), rtol=1e-7, atol=1e-7)


@pytest.mark.parametrize("n,d,k", [(50, 5, 3), (100, 8, 8), (30, 4, 1)])
def test_agrees_with_torch_pca_lowrank(n, d, k):
    x = data(n, n, d)
    torch.manual_seed(0)
    U, S, V = torch.pca_lowrank(x, q=d, center=True, niter=10)
    comps, var = pca(x, k)
    torch.testing.assert_close(comps, signed(V[:, :k].T), rtol=1e-6, atol=1e-6)
    torch.testing.assert_close(var, S[:k] ** 2 / (n - 1), rtol=1e-8, atol=1e-10)


def test_float32_and_the_prompt_example():
    x = torch.tensor([[2.0, 0.0], [0.0, 1.0], [-3.0, 3.0], [-1.0, 1.0]])
    comps, var = pca(x, 2)
    assert comps.dtype == torch.float32 and var.dtype == torch.float32
    torch.testing.assert_close(comps, torch.tensor([[0.8608, -0.5090], [0.5090, 0.8608]]), atol=1e-4, rtol=0)
    torch.testing.assert_close(var, torch.tensor([5.8115, 0.1052]), atol=1e-4, rtol=0)
    torch.testing.assert_close(var.sum(), x.var(0).sum())                  # all of the variance when k = d


def test_invariant_to_a_shift_of_the_data():
    x = data(3, 20, 4)
    a, b = pca(x, 3), pca(x + torch.tensor([5.0, -2.0, 100.0, 0.5], dtype=torch.float64), 3)
    torch.testing.assert_close(a[0], b[0], rtol=1e-9, atol=1e-9)
    torch.testing.assert_close(a[1], b[1], rtol=1e-9, atol=1e-9)
