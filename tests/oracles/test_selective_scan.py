"""Both forms of the reference agree with a plain float64 loop over batch, time, channels and state
dims (the recurrence as written in the Mamba paper, one scalar at a time), with the unrolled sum
y_t = sum_{s<=t} C_t · (prod_{r=s+1..t} exp(Δ_r A)) Δ_s B_s x_s, and with transformers' Mamba
reference scan (mamba_selective_scan, mamba_ssm's selective_scan_fn layout: channels before time),
values and gradients, over the model's ranges, strong decays and chunk sizes that do and do not
divide the length."""
import math

import pytest
import torch
import torch.nn.functional as F

from reference.selective_scan import selective_scan, selective_scan_chunked


def inputs(seed, batch, L, D, N, strong=False, dtype=torch.float64):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(batch, L, D, generator=g, dtype=dtype)
    delta = F.softplus(torch.randn(batch, L, D, generator=g, dtype=dtype) + (3.0 if strong else -1.0))
    A = -torch.exp(torch.randn(D, N, generator=g, dtype=dtype) * 0.7 + (1.5 if strong else 0.0))
    B, C = torch.randn(batch, L, N, generator=g, dtype=dtype), torch.randn(batch, L, N, generator=g, dtype=dtype)
    return x, delta, A, B, C


def plain_loop(x, delta, A, B, C):
    """The recurrence one scalar at a time, in Python floats (float64)."""
    x, delta, A, B, C = (t.tolist() for t in (x, delta, A, B, C))
    batch, L, D, N = len(x), len(x[0]), len(A), len(A[0])
    y = [[[0.0] * D for _ in range(L)] for _ in range(batch)]
    for b in range(batch):
        for d in range(D):
            h = [0.0] * N
            for t in range(L):
                for n in range(N):
                    h[n] = math.exp(delta[b][t][d] * A[d][n]) * h[n] + delta[b][t][d] * B[b][t][n] * x[b][t][d]
                y[b][t][d] = sum(C[b][t][n] * h[n] for n in range(N))
    return torch.tensor(y, dtype=torch.float64)


def unrolled(x, delta, A, B, C):
    """y_t = sum_{s<=t} C_t · exp(sum_{r=s+1..t} Δ_r A) Δ_s B_s x_s, differentiable, one (t, s) at a time."""
    batch, L, D = x.shape
    ys = []
    for t in range(L):
        y = torch.zeros(batch, D, dtype=x.dtype)
        for s in range(t + 1):
            decay = torch.exp((delta[:, s + 1:t + 1, :, None] * A).sum(1))           # (batch, D, N)
            u = delta[:, s, :, None] * B[:, s, None, :] * x[:, s, :, None]           # (batch, D, N)
            y = y + (C[:, t, None, :] * decay * u).sum(-1)
        ys.append(y)
    return torch.stack(ys, dim=1)


def transformers_scan(x, delta, A, B, C):
    from transformers.models.mamba.modeling_mamba import mamba_selective_scan
    out = mamba_selective_scan(x.transpose(1, 2), delta.transpose(1, 2), A, B.transpose(1, 2), C.transpose(1, 2))
    return out.transpose(1, 2)


SHAPES = [(1, 1, 1, 1), (2, 7, 3, 4), (1, 12, 1, 5), (3, 5, 4, 1), (2, 16, 2, 3)]


@pytest.mark.parametrize("batch,L,D,N", SHAPES)
@pytest.mark.parametrize("strong", [False, True])
def test_both_forms_agree_with_the_plain_loop(batch, L, D, N, strong):
    args = inputs(L * 7 + D * 3 + N, batch, L, D, N, strong)
    expected = plain_loop(*args)
    torch.testing.assert_close(unrolled(*args), expected, rtol=1e-10, atol=1e-12)
    torch.testing.assert_close(selective_scan(*args), expected, rtol=1e-10, atol=1e-12)
    for chunk_size in (1, 2, 3, 5, L, L + 4, 64):
        torch.testing.assert_close(selective_scan_chunked(*args, chunk_size=chunk_size), expected,
                                   rtol=1e-10, atol=1e-12)


def test_the_worked_example():
    x = torch.tensor([[[1.0], [0.0], [2.0]]])
    delta, A = torch.full((1, 3, 1), 0.5), torch.tensor([[-1.0, -2.0]])
    B, C = torch.tensor([[[1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]]), torch.ones(1, 3, 2)
    expected = torch.tensor([0.5, 0.5 * math.exp(-0.5), 0.5 * math.exp(-1.0) + 1.0])
    torch.testing.assert_close(selective_scan(x, delta, A, B, C).flatten(), expected)
    torch.testing.assert_close(selective_scan_chunked(x, delta, A, B, C, chunk_size=2).flatten(), expected)


@pytest.mark.parametrize("batch,L,D,N", [(2, 9, 3, 4), (1, 40, 5, 8), (3, 1, 2, 2)])
@pytest.mark.parametrize("strong", [False, True])
def test_both_forms_agree_with_transformers_mamba_scan(batch, L, D, N, strong):
    args = inputs(batch + L + D + N, batch, L, D, N, strong, dtype=torch.float32)
    expected = transformers_scan(*args)
    torch.testing.assert_close(selective_scan(*args), expected, rtol=1e-5, atol=1e-5)
    for chunk_size in (1, 4, 16, 64):
        torch.testing.assert_close(selective_scan_chunked(*args, chunk_size=chunk_size), expected,
                                   rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("chunk_size", [None, 1, 3, 8])
@pytest.mark.parametrize("strong", [False, True])
def test_gradients_agree_with_the_unrolled_sum(chunk_size, strong):
    args = inputs(11, 2, 6, 2, 3, strong)
    grad_out = torch.randn(2, 6, 2, generator=torch.Generator().manual_seed(5), dtype=torch.float64)
    leaves = [t.clone().requires_grad_() for t in args]
    expected = torch.autograd.grad((unrolled(*leaves) * grad_out).sum(), leaves)
    y = selective_scan(*leaves) if chunk_size is None else selective_scan_chunked(*leaves, chunk_size=chunk_size)
    got = torch.autograd.grad((y * grad_out).sum(), leaves)
    for a, b in zip(got, expected):
        torch.testing.assert_close(a, b, rtol=1e-9, atol=1e-11)


def test_strong_decays_over_a_long_chunk_stay_finite_with_finite_gradients():
    """cum reaches about -1000 inside a chunk of 40: exp(-cum) would overflow; the reference masks
    before the exponential, so values and gradients stay finite and equal the sequential form's."""
    args = [t.float().requires_grad_() for t in inputs(3, 2, 40, 3, 4, strong=True)]
    y = selective_scan_chunked(*args, chunk_size=40)
    assert float((args[1].detach()[..., None] * args[2].detach()).sum(1).min()) < -1000
    grads = torch.autograd.grad(y.sum(), args)
    assert all(torch.isfinite(g).all() for g in grads)
    torch.testing.assert_close(y, selective_scan(*args), rtol=1e-4, atol=1e-4)


def test_float32_long_sequence_forms_agree():
    args = inputs(4, 2, 512, 4, 8, dtype=torch.float32)
    torch.testing.assert_close(selective_scan_chunked(*args, chunk_size=64), selective_scan(*args),
                               rtol=1e-4, atol=1e-4)
