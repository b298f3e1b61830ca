import pytest
import torch

from reference.rloo_advantage import rloo_advantages


def brute_force(rewards, k) -> list[float]:
    """Each reward minus the mean of the other k - 1 of its group, in float64 Python."""
    r = rewards.tolist()
    out = []
    for i, x in enumerate(r):
        start = i - i % k
        others = [r[j] for j in range(start, start + k) if j != i]
        out.append(x - sum(others) / len(others))
    return out


@pytest.mark.parametrize("G", [1, 2, 5])
@pytest.mark.parametrize("k", [2, 3, 8, 64])
@pytest.mark.parametrize("kind", ["normal", "binary", "offset"])
def test_agrees_with_brute_force(G, k, kind):
    g = torch.Generator().manual_seed(G * 100 + k)
    rewards = torch.randn(G * k, generator=g)
    if kind == "binary":
        rewards = (rewards > 0).float()
    elif kind == "offset":
        rewards = 50.0 + 3 * rewards
    got = rloo_advantages(rewards, k)
    want = torch.tensor(brute_force(rewards.double(), k), dtype=torch.float64)
    torch.testing.assert_close(got.double(), want, rtol=1e-5, atol=1e-4)


def test_is_k_over_k_minus_1_times_the_centred_reward():
    """r - mean(others) = k / (k - 1) · (r - mean(all)): the closed form RLOO papers state."""
    rewards = torch.randn(24, dtype=torch.float64)
    for k in (2, 3, 4, 6):
        r = rewards.view(-1, k)
        want = (k / (k - 1) * (r - r.mean(1, keepdim=True))).view(-1)
        torch.testing.assert_close(rloo_advantages(rewards, k), want)


def test_float64_and_shape():
    rewards = torch.randn(12, dtype=torch.float64)
    out = rloo_advantages(rewards, 4)
    assert out.dtype == torch.float64 and out.shape == (12,)


def test_prompt_example():
    got = rloo_advantages(torch.tensor([1.0, 0.0, 0.0, 0.0, 2.0, 4.0]), 3)
    torch.testing.assert_close(got, torch.tensor([1.0, -0.5, -0.5, -3.0, 0.0, 3.0]))
