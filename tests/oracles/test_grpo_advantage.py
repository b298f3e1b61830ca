import statistics

import pytest
import torch

from reference.grpo_advantage import grpo_advantages


def brute_force(rewards: list[float], n: int, eps: float) -> list[float]:
    """TRL GRPOTrainer: mean and unbiased std of each consecutive group of n, in float64."""
    out = []
    for start in range(0, len(rewards), n):
        group = rewards[start:start + n]
        mean, std = statistics.fmean(group), statistics.stdev(group)
        out += [(r - mean) / (std + eps) for r in group]
    return out


@pytest.mark.parametrize("G,n", [(1, 2), (3, 4), (8, 16), (2, 64), (5, 3)])
@pytest.mark.parametrize("kind", ["normal", "binary"])
@pytest.mark.parametrize("eps", [1e-4, 0.1])
def test_agrees_with_brute_force(G, n, kind, eps):
    g = torch.Generator().manual_seed(G * 100 + n)
    rewards = torch.randn(G * n, generator=g) * 2 + 1 if kind == "normal" else \
        (torch.rand(G * n, generator=g) < 0.5).float()
    want = torch.tensor(brute_force(rewards.double().tolist(), n, eps), dtype=torch.float32)
    torch.testing.assert_close(grpo_advantages(rewards, n, eps), want, rtol=1e-5, atol=1e-5)


def test_equal_rewards_give_zero():
    out = grpo_advantages(torch.tensor([1.0, 1.0, 1.0, 0.0, 0.0, 0.0]), 3)
    assert torch.equal(out, torch.zeros(6))


def test_prompt_example():
    out = grpo_advantages(torch.tensor([1.0, 0.0, 0.0, 0.0, 2.0, 4.0]), group_size=3)
    want = torch.tensor([2 / 3 / (3 ** -0.5 + 1e-4), -1 / 3 / (3 ** -0.5 + 1e-4), -1 / 3 / (3 ** -0.5 + 1e-4),
                         -2 / 2.0001, 0.0, 2 / 2.0001])
    torch.testing.assert_close(out, want)
