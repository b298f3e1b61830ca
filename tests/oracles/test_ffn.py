"""The reference equals the composed oracle fc2(act(fc1(x))) written with F.linear and F.relu /
F.gelu (exact), and the ReLU version equals nn.TransformerEncoderLayer's feed-forward half."""
import pytest
import torch
import torch.nn.functional as F

from reference.ffn import FFN


@pytest.mark.parametrize("activation", ["relu", "gelu"])
@pytest.mark.parametrize("shape,d_ff", [((2, 5, 8), 32), ((7, 3), 1), ((1, 1, 1), 4), ((3, 2, 4, 16), 64)])
@pytest.mark.parametrize("scale", [1.0, 30.0])
def test_agrees_with_composed_oracle(activation, shape, d_ff, scale):
    torch.manual_seed(0)
    d_model = shape[-1]
    ffn = FFN(d_model, d_ff, activation)
    x = torch.randn(shape, generator=torch.Generator().manual_seed(1)) * scale
    act = F.relu if activation == "relu" else (lambda h: F.gelu(h, approximate="none"))
    want = F.linear(act(F.linear(x, ffn.fc1.weight, ffn.fc1.bias)), ffn.fc2.weight, ffn.fc2.bias)
    torch.testing.assert_close(ffn(x), want, rtol=1e-5, atol=1e-5 * scale)


@pytest.mark.parametrize("activation", ["relu", "gelu"])
def test_matches_transformer_encoder_layer_feed_forward(activation):
    torch.manual_seed(0)
    layer = torch.nn.TransformerEncoderLayer(8, 2, dim_feedforward=24, dropout=0.0, activation=activation,
                                             batch_first=True).eval()
    ffn = FFN(8, 24, activation)
    ffn.fc1.load_state_dict(layer.linear1.state_dict())
    ffn.fc2.load_state_dict(layer.linear2.state_dict())
    x = torch.randn(3, 5, 8)
    with torch.no_grad():
        want = layer._ff_block(x)
    torch.testing.assert_close(ffn(x).detach(), want, rtol=1e-5, atol=1e-6)


def test_parameter_names_and_shapes():
    ffn = FFN(6, 10, "gelu")
    assert {k: tuple(v.shape) for k, v in ffn.state_dict().items()} == {
        "fc1.weight": (10, 6), "fc1.bias": (10,), "fc2.weight": (6, 10), "fc2.bias": (6,)}
