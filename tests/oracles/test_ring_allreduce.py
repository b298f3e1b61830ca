"""The reference against the plain elementwise sum and the ring's communication bound: every rank
ends with the sum, the ranks send 2 (N - 1) · size elements in all, 2 (N - 1) / N · size each when N
divides the size (within one chunk either way otherwise, exactly 2 · size minus the two chunks a rank
never sends); after the reduce-scatter phase rank r holds the full chunk (r + 1) % N."""
import pytest
import torch

from reference.ring_allreduce import all_gather_step, reduce_scatter_step, ring_allreduce

CASES = [(1, (5,)), (2, (7,)), (3, (5,)), (3, (2, 3)), (4, (10,)), (4, (13,)), (5, (3,)), (6, ()), (8, (64, 33)),
         (7, (1,)), (3, (0,))]


def tensors_of(N, shape, dtype, seed=0):
    gen = torch.Generator().manual_seed(seed + N)
    return [torch.randn(shape, generator=gen, dtype=torch.float64).to(dtype) for _ in range(N)]


@pytest.mark.parametrize("N,shape", CASES)
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64, torch.float16])
def test_every_rank_gets_the_sum_and_the_bytes_meet_the_bound(N, shape, dtype):
    tensors = tensors_of(N, shape, dtype)
    results, sent = ring_allreduce(tensors)
    want = torch.stack([t.double() for t in tensors]).sum(0)
    tol = {torch.float64: 1e-12, torch.float32: 1e-5, torch.float16: 1e-2}[dtype]
    for res in results:
        assert res.shape == tensors[0].shape and res.dtype == dtype
        torch.testing.assert_close(res.double(), want, rtol=tol, atol=tol * N)
    size, item = tensors[0].numel(), tensors[0].element_size()
    assert all(isinstance(b, int) for b in sent)
    assert sum(sent) == 2 * (N - 1) * size * item
    if size % N == 0:
        assert sent == [2 * (N - 1) * size // N * item] * N
    for r, b in enumerate(sent):
        assert 2 * (N - 1) * (size // N) * item <= b <= 2 * (N - 1) * -(-size // N) * item
        if N > 2:      # a rank sends every chunk but (r + 1) % N in reduce-scatter and (r + 2) % N in all-gather
            chunk = [c.numel() for c in torch.empty(size).tensor_split(N)]
            assert b == (2 * size - chunk[(r + 1) % N] - chunk[(r + 2) % N]) * item


@pytest.mark.parametrize("N,size", [(2, 5), (3, 7), (4, 4), (5, 12)])
def test_reduce_scatter_leaves_rank_r_with_the_full_chunk_r_plus_one(N, size):
    tensors = tensors_of(N, (size,), torch.float64, seed=3)
    chunks = [list(t.tensor_split(N)) for t in tensors]
    for s in range(N - 1):
        chunks, _ = reduce_scatter_step(chunks, s)
    full = torch.stack(tensors).sum(0).tensor_split(N)
    for r in range(N):
        torch.testing.assert_close(chunks[r][(r + 1) % N], full[(r + 1) % N])
    for s in range(N - 1):
        chunks, _ = all_gather_step(chunks, s)
    for r in range(N):
        torch.testing.assert_close(torch.cat(chunks[r]), torch.cat(full))


def test_sums_in_ring_order_and_leaves_inputs_alone():
    ranks = [torch.full((6,), 1.0), torch.full((6,), 1e8), torch.full((6,), -1e8)]
    before = [t.clone() for t in ranks]
    results, _ = ring_allreduce(ranks)
    # chunk c is summed over ranks c, c + 1, c + 2 in turn: float32 rounding differs per chunk
    assert results[0].tolist() == [0.0, 0.0, 1.0, 1.0, 0.0, 0.0]   # only chunk 1 adds the 1 last
    assert all(torch.equal(a, b) for a, b in zip(ranks, before))


def test_gradients_reach_every_rank():
    tensors = [t.requires_grad_() for t in tensors_of(4, (3, 5), torch.float64)]
    results, _ = ring_allreduce(tensors)
    grads = torch.autograd.grad(sum(r.sum() for r in results), tensors)
    for g in grads:
        torch.testing.assert_close(g, torch.full_like(g, 4.0))


def test_prompt_example():
    tensors = [torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0]) * (r + 1) for r in range(3)]
    chunks, sent = reduce_scatter_step([list(t.tensor_split(3)) for t in tensors], 0)
    assert chunks[1][0].tolist() == [3.0, 6.0] and sent == [8, 8, 4]
    results, bytes_sent = ring_allreduce(tensors)
    assert results[2].tolist() == [6.0, 12.0, 18.0, 24.0, 30.0] and bytes_sent == [28, 28, 24]
