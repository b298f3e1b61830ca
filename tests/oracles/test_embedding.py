import pytest
import torch
import torch.nn.functional as F

from reference.embedding import embedding


@pytest.mark.parametrize("shape", [(), (1,), (7,), (3, 5), (2, 3, 4), (0,)])
@pytest.mark.parametrize("vocab,d", [(1, 1), (10, 4), (1000, 16)])
def test_agrees_with_F_embedding(shape, vocab, d):
    g = torch.Generator().manual_seed(0)
    ids = torch.randint(0, vocab, shape, generator=g)
    table = torch.randn(vocab, d, generator=g)
    torch.testing.assert_close(embedding(ids, table), F.embedding(ids, table), rtol=0, atol=0)


def test_table_gradient_accumulates_repeated_ids():
    g = torch.Generator().manual_seed(1)
    ids = torch.tensor([[1, 1, 3], [3, 1, 0]])
    table = torch.randn(5, 4, generator=g, requires_grad=True)
    up = torch.randn(2, 3, 4, generator=g)
    mine, = torch.autograd.grad(embedding(ids, table), table, up)
    theirs, = torch.autograd.grad(F.embedding(ids, table), table, up)
    torch.testing.assert_close(mine, theirs, rtol=1e-6, atol=1e-6)
    torch.testing.assert_close(mine[1], up[0, 0] + up[0, 1] + up[1, 1])
    assert mine[2].abs().sum() == 0 and mine[4].abs().sum() == 0
