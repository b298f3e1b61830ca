import torch

EXPECT = {
    'values': 'ratio inverted: r = π_ref / π, so log r = logp_ref - logp (the tokens come from π)',
    'k1 and k3 are unbiased (exact expectation)': '',
}


def kl_estimators(logp, logp_ref):
    log_ratio = logp - logp_ref
    ratio = log_ratio.exp()
    k1 = -log_ratio
    k2 = log_ratio ** 2 / 2
    k3 = ratio - 1 - log_ratio
    return k1, k2, k3
