import torch

EXPECT = {
    'no loop': '',
}


def kl_estimators(logp, logp_ref):
    k1, k2, k3 = [], [], []
    for a, b in zip(logp, logp_ref):                  # one row (or token) at a time
        t = b - a
        k1.append(-t)
        k2.append(t * t / 2)
        k3.append(t.exp() - 1 - t)
    return torch.stack(k1), torch.stack(k2), torch.stack(k3)
