"""The reference against torch.nn.init: with generators seeded alike, torch's xavier_*_ and kaiming_*_
fill a tensor with exactly the reference's draws, over linear and conv shapes, every mode, both
nonlinearities and the range of gain and a. torch.nn.init.calculate_gain and _calculate_fan_in_and_fan_out
are checked against the prompt's formulas on the side."""
import math

import pytest
import torch

from reference.weight_init import kaiming_normal, kaiming_uniform, xavier_normal, xavier_uniform

SHAPES = [(1, 1), (3, 2), (256, 32), (32, 128), (16, 8, 3), (32, 16, 3, 3), (4, 2, 2, 3, 5)]


def same(ours, fill, shape, seed):
    theirs = fill(torch.empty(shape), torch.Generator().manual_seed(seed))
    assert ours.shape == theirs.shape and ours.dtype == torch.float32
    assert torch.equal(ours, theirs)


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("gain", [0.1, 1.0, 2.0, 5.0])
def test_xavier_draws_equal_torch_nn_init(shape, gain):
    same(xavier_uniform(shape, gain, generator=torch.Generator().manual_seed(1)),
         lambda t, g: torch.nn.init.xavier_uniform_(t, gain=gain, generator=g), shape, 1)
    same(xavier_normal(shape, gain, generator=torch.Generator().manual_seed(2)),
         lambda t, g: torch.nn.init.xavier_normal_(t, gain=gain, generator=g), shape, 2)


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("a", [0.0, 0.01, 0.2, 1.0, math.sqrt(5), 4.5])
@pytest.mark.parametrize("mode", ["fan_in", "fan_out"])
@pytest.mark.parametrize("nonlinearity", ["relu", "leaky_relu"])
def test_kaiming_draws_equal_torch_nn_init(shape, a, mode, nonlinearity):
    same(kaiming_uniform(shape, a, mode, nonlinearity, generator=torch.Generator().manual_seed(3)),
         lambda t, g: torch.nn.init.kaiming_uniform_(t, a=a, mode=mode, nonlinearity=nonlinearity, generator=g),
         shape, 3)
    same(kaiming_normal(shape, a, mode, nonlinearity, generator=torch.Generator().manual_seed(4)),
         lambda t, g: torch.nn.init.kaiming_normal_(t, a=a, mode=mode, nonlinearity=nonlinearity, generator=g),
         shape, 4)


@pytest.mark.parametrize("shape", SHAPES)
def test_fans_and_gains_as_the_prompt_states(shape):
    fan_in, fan_out = torch.nn.init._calculate_fan_in_and_fan_out(torch.empty(shape))
    receptive = math.prod(shape[2:])
    assert (fan_in, fan_out) == (shape[1] * receptive, shape[0] * receptive)
    assert torch.nn.init.calculate_gain("relu", 3.0) == pytest.approx(math.sqrt(2))
    assert torch.nn.init.calculate_gain("leaky_relu", 0.3) == pytest.approx(math.sqrt(2 / (1 + 0.09)))


def test_prompt_example():
    w = kaiming_uniform((256, 128), generator=torch.Generator().manual_seed(0))
    assert w.shape == (256, 128) and w.dtype == torch.float32
    assert w.abs().max() <= math.sqrt(2) * math.sqrt(3 / 128)
    assert abs(w.std().item() - 0.1248) < 1e-4
    assert abs(xavier_normal((64, 32, 3, 3), generator=torch.Generator().manual_seed(0)).std().item() - 0.0484) < 1e-4
