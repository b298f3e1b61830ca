import pytest
import torch

from reference.gae import gae


def one_trajectory(rewards, values, dones, gamma, lam):
    """GAE of one rollout in float64 Python: the recursion of Schulman et al., backwards."""
    T = len(rewards)
    adv, last = [0.0] * T, 0.0
    for t in reversed(range(T)):
        not_done = 0.0 if dones[t] else 1.0
        delta = rewards[t] + gamma * values[t + 1] * not_done - values[t]
        last = delta + gamma * lam * not_done * last
        adv[t] = last
    return adv, [a + v for a, v in zip(adv, values[:T])]


def brute_force(rewards, values, dones, gamma, lam):
    out = [one_trajectory(r, v, d, gamma, lam) for r, v, d in zip(rewards.tolist(), values.tolist(), dones.tolist())]
    return (torch.tensor([a for a, _ in out], dtype=torch.float64),
            torch.tensor([r for _, r in out], dtype=torch.float64))


def by_episodes(rewards, values, dones, gamma, lam):
    """Independently: split each row into episodes and sum (γλ)^l δ_(t+l) within the episode."""
    B, T = rewards.shape
    adv = torch.zeros(B, T, dtype=torch.float64)
    for b in range(B):
        delta = [rewards[b, t] + gamma * values[b, t + 1] * (not dones[b, t]) - values[b, t] for t in range(T)]
        for t in range(T):
            total, weight = 0.0, 1.0
            for s in range(t, T):
                total += weight * float(delta[s])
                if dones[b, s]:
                    break
                weight *= gamma * lam
            adv[b, t] = total
    return adv


@pytest.mark.parametrize("B,T", [(1, 1), (3, 5), (4, 17)])
@pytest.mark.parametrize("p_done", [0.0, 0.3, 1.0])
@pytest.mark.parametrize("gamma,lam", [(0.99, 0.95), (0.5, 0.8), (1.0, 1.0), (0.9, 0.0)])
def test_agrees_with_brute_force(B, T, p_done, gamma, lam):
    g = torch.Generator().manual_seed(B * T)
    rewards, values = torch.randn(B, T, generator=g), 3 * torch.randn(B, T + 1, generator=g)
    dones = torch.rand(B, T, generator=g) < p_done
    adv, ret = gae(rewards, values, dones, gamma, lam)
    want_adv, want_ret = brute_force(rewards.double(), values.double(), dones, gamma, lam)
    torch.testing.assert_close(adv.double(), want_adv, rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(ret.double(), want_ret, rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(adv.double(), by_episodes(rewards.double(), values.double(), dones, gamma, lam),
                               rtol=1e-5, atol=1e-5)


def test_lam_one_gives_discounted_returns():
    """λ = 1: returns are the discounted rewards to go, bootstrapped from values[:, T] unless done."""
    rewards = torch.tensor([[1.0, 2.0, 3.0]], dtype=torch.float64)
    values = torch.tensor([[0.3, -0.2, 0.7, 10.0]], dtype=torch.float64)
    _, ret = gae(rewards, values, torch.zeros(1, 3, dtype=torch.bool), gamma=0.5, lam=1.0)
    torch.testing.assert_close(ret, torch.tensor([[1 + 0.5 * (2 + 0.5 * (3 + 5.0)), 2 + 0.5 * (3 + 5.0), 3 + 5.0]],
                                                 dtype=torch.float64))


def test_dtype_and_inputs_kept():
    rewards, values = torch.randn(2, 4, dtype=torch.float64), torch.randn(2, 5, dtype=torch.float64)
    dones = torch.tensor([[0, 1, 0, 0], [0, 0, 0, 1]], dtype=torch.bool)
    copies = rewards.clone(), values.clone(), dones.clone()
    adv, ret = gae(rewards, values, dones)
    assert adv.dtype == ret.dtype == torch.float64
    for a, b in zip((rewards, values, dones), copies):
        assert torch.equal(a, b)


def test_prompt_example():
    adv, ret = gae(torch.tensor([[1.0, 0.0, 2.0]]), torch.tensor([[0.5, 1.0, 0.0, 3.0]]),
                   torch.tensor([[False, True, False]]), gamma=0.5, lam=0.8)
    torch.testing.assert_close(adv, torch.tensor([[0.6, -1.0, 3.5]]))
    torch.testing.assert_close(ret, torch.tensor([[1.1, 0.0, 3.5]]))
