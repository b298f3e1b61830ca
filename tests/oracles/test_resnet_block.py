"""The blocks against their composition in F.conv2d / F.batch_norm, written from the paper and torchvision's
resnet.py, with the reference's (randomised) weights and statistics; and against torchvision's own blocks,
loaded with the same state_dict, where torchvision is installed."""
import importlib

import pytest
import torch
import torch.nn.functional as F
from torch import nn

from reference.resnet_block import BasicBlock, Bottleneck


def randomise(block, seed):
    g = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for name, t in block.state_dict().items():
            if t.dim() == 1 and (name.endswith("running_var") or name.endswith(".weight")):   # BN scales > 0
                t.copy_(torch.rand(t.shape, generator=g, dtype=torch.float64).to(t.dtype) + 0.5)
            elif t.is_floating_point():
                t.copy_(torch.randn(t.shape, generator=g, dtype=torch.float64).to(t.dtype) * 0.5)
    return block.eval()


def bn(x, s, prefix):
    return F.batch_norm(x, s[prefix + ".running_mean"], s[prefix + ".running_var"], s[prefix + ".weight"],
                        s[prefix + ".bias"], training=False, eps=1e-5)


def shortcut(x, s, stride):
    if "downsample.0.weight" not in s:
        return x
    return bn(F.conv2d(x, s["downsample.0.weight"], stride=stride), s, "downsample.1")


def basic(x, s, stride):
    out = F.relu(bn(F.conv2d(x, s["conv1.weight"], stride=stride, padding=1), s, "bn1"))
    out = bn(F.conv2d(out, s["conv2.weight"], padding=1), s, "bn2")
    return F.relu(out + shortcut(x, s, stride))


def bottleneck(x, s, stride):
    out = F.relu(bn(F.conv2d(x, s["conv1.weight"]), s, "bn1"))
    out = F.relu(bn(F.conv2d(out, s["conv2.weight"], stride=stride, padding=1), s, "bn2"))
    out = bn(F.conv2d(out, s["conv3.weight"]), s, "bn3")
    return F.relu(out + shortcut(x, s, stride))


BASIC = [(4, 4, 1), (3, 3, 2), (2, 5, 1), (4, 8, 2), (2, 3, 3)]
BOTTLENECK = [(16, 4, 1), (8, 4, 2), (3, 2, 1), (8, 2, 2)]


@pytest.mark.parametrize("c_in,c_out,stride", BASIC)
def test_basic_block_agrees_with_composed_functional(c_in, c_out, stride):
    block = randomise(BasicBlock(c_in, c_out, stride).double(), c_in * 10 + stride)
    assert ("downsample.0.weight" in block.state_dict()) == (stride != 1 or c_in != c_out)
    x = torch.randn(2, c_in, 7, 6, dtype=torch.float64, generator=torch.Generator().manual_seed(1))
    got = block(x)
    assert got.shape == (2, c_out, (7 - 1) // stride + 1, (6 - 1) // stride + 1)
    torch.testing.assert_close(got, basic(x, block.state_dict(), stride))


@pytest.mark.parametrize("c_in,width,stride", BOTTLENECK)
def test_bottleneck_agrees_with_composed_functional(c_in, width, stride):
    block = randomise(Bottleneck(c_in, width, stride).double(), c_in * 10 + width)
    assert ("downsample.0.weight" in block.state_dict()) == (stride != 1 or c_in != 4 * width)
    x = torch.randn(2, c_in, 5, 6, dtype=torch.float64, generator=torch.Generator().manual_seed(2))
    got = block(x)
    assert got.shape == (2, 4 * width, (5 - 1) // stride + 1, (6 - 1) // stride + 1)
    torch.testing.assert_close(got, bottleneck(x, block.state_dict(), stride))


def test_gradients_agree():
    block = randomise(BasicBlock(3, 4, 2).double(), 5)
    x = torch.randn(2, 3, 5, 5, dtype=torch.float64, generator=torch.Generator().manual_seed(3))
    x1, x2 = x.clone().requires_grad_(), x.clone().requires_grad_()
    params = {k: v.detach().clone().requires_grad_(v.is_floating_point() and "running" not in k)
              for k, v in block.state_dict().items()}
    block(x1).square().sum().backward()
    basic(x2, params, 2).square().sum().backward()
    torch.testing.assert_close(x1.grad, x2.grad)
    for name, p in block.named_parameters():
        torch.testing.assert_close(p.grad, params[name].grad)


@pytest.mark.parametrize("stride", [1, 2])
def test_agrees_with_torchvision_where_installed(stride):
    try:
        resnet = importlib.import_module("torchvision.models.resnet")
    except Exception as e:          # not installed, or a build whose compiled ops do not match torch
        pytest.skip(f"torchvision unavailable: {e}")
    ours = randomise(Bottleneck(8, 4, stride), 7 + stride)
    down = nn.Sequential(nn.Conv2d(8, 16, 1, stride, bias=False), nn.BatchNorm2d(16))
    theirs = resnet.Bottleneck(8, 4, stride, downsample=down).eval()
    theirs.load_state_dict(ours.state_dict(), strict=True)
    x = torch.randn(2, 8, 6, 6)
    torch.testing.assert_close(ours(x), theirs(x))
    ours = randomise(BasicBlock(4, 8, stride), 9 + stride)
    down = nn.Sequential(nn.Conv2d(4, 8, 1, stride, bias=False), nn.BatchNorm2d(8))
    theirs = resnet.BasicBlock(4, 8, stride, downsample=down).eval()
    theirs.load_state_dict(ours.state_dict(), strict=True)
    torch.testing.assert_close(ours(x[:, :4]), theirs(x[:, :4]))


def test_prompt_example():
    block = BasicBlock(4, 8, stride=2).eval()
    assert block(torch.randn(2, 4, 7, 7)).shape == (2, 8, 4, 4)
    assert [n for n, _ in block.named_parameters()] == [
        "conv1.weight", "bn1.weight", "bn1.bias", "conv2.weight", "bn2.weight", "bn2.bias",
        "downsample.0.weight", "downsample.1.weight", "downsample.1.bias"]
    assert Bottleneck(16, 4).eval()(torch.randn(1, 16, 5, 5)).shape == (1, 16, 5, 5)
