import pytest
import torch

from reference.softmax import softmax


@pytest.mark.parametrize("shape,dim", [((4, 7), -1), ((3, 5, 2), 1), ((6,), 0), ((2, 3, 4, 5), -3)])
@pytest.mark.parametrize("scale", [1.0, 30.0, 1e4])
def test_agrees_with_torch_softmax(shape, dim, scale):
    x = torch.randn(shape, generator=torch.Generator().manual_seed(0)) * scale
    torch.testing.assert_close(softmax(x, dim), torch.softmax(x, dim), rtol=1e-5, atol=1e-6)
