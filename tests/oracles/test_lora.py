import pytest
import torch
import torch.nn.functional as F

from reference.lora import LoRALinear


def closed_form(x, W, A, B, scale):
    """y = x W^T + scale * x A^T B^T, and for an upstream gradient G (same shape as y):
    dL/dA = scale * B^T G^T x, dL/dB = scale * G^T (x A^T), summed over every token."""
    return F.linear(x, W) + scale * F.linear(F.linear(x, A), B)


@pytest.mark.parametrize("d_in,d_out,rank,alpha", [(1, 1, 1, 1.0), (8, 6, 4, 16.0), (5, 3, 2, 1.0),
                                                   (64, 32, 8, 16.0), (16, 16, 16, 32.0)])
@pytest.mark.parametrize("lead", [(3,), (2, 4)])
def test_agrees_with_closed_form(d_in, d_out, rank, alpha, lead):
    torch.manual_seed(d_in + d_out)
    layer = LoRALinear(d_in, d_out, rank, alpha)
    g = torch.Generator().manual_seed(rank)
    with torch.no_grad():
        layer.lora_B.copy_(torch.randn(d_out, rank, generator=g))
    x, G = torch.randn(*lead, d_in, generator=g), torch.randn(*lead, d_out, generator=g)
    W, A, B, scale = layer.weight.detach().clone(), layer.lora_A.detach(), layer.lora_B.detach(), alpha / rank
    y = layer(x)
    torch.testing.assert_close(y, closed_form(x, W, A, B, scale), rtol=1e-5, atol=1e-5)
    y.backward(G)
    xs, Gs = x.reshape(-1, d_in), G.reshape(-1, d_out)
    torch.testing.assert_close(layer.lora_A.grad, scale * B.T @ Gs.T @ xs, rtol=1e-4, atol=1e-5)
    torch.testing.assert_close(layer.lora_B.grad, scale * Gs.T @ (xs @ A.T), rtol=1e-4, atol=1e-5)
    assert layer.weight.grad is None
    layer.merge()
    torch.testing.assert_close(layer.weight, W + scale * B @ A, rtol=1e-5, atol=1e-6)
    torch.testing.assert_close(layer(x), closed_form(x, W, A, B, scale), rtol=1e-4, atol=1e-5)
    assert not layer.weight.requires_grad


def test_starts_as_the_pretrained_layer():
    layer = LoRALinear(6, 4, 2, 8.0)
    x = torch.randn(3, 6)
    torch.testing.assert_close(layer(x), x @ layer.weight.T)
    assert [n for n, p in layer.named_parameters() if p.requires_grad] == ["lora_A", "lora_B"]


def test_prompt_example():
    layer = LoRALinear(2, 2, rank=1, alpha=2.0)
    with torch.no_grad():
        layer.weight.copy_(torch.eye(2))
        layer.lora_A.copy_(torch.tensor([[1.0, 1.0]]))
        layer.lora_B.copy_(torch.tensor([[1.0], [0.0]]))
    x = torch.tensor([[1.0, 2.0]])
    torch.testing.assert_close(layer(x), torch.tensor([[7.0, 2.0]]))
    layer.merge()
    torch.testing.assert_close(layer.weight.data, torch.tensor([[3.0, 2.0], [0.0, 1.0]]))
    torch.testing.assert_close(layer(x), torch.tensor([[7.0, 2.0]]))
