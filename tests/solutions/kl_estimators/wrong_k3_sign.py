import torch

EXPECT = {
    'values': "k3's sign: k3 = (r - 1) - log r (the log term is subtracted; k3 is never negative)",
    'k1 and k3 are unbiased (exact expectation)': '',
    'k2 and k3 are never negative': '',
}


def kl_estimators(logp, logp_ref):
    log_ratio = logp_ref - logp
    k1 = -log_ratio
    k2 = log_ratio ** 2 / 2
    k3 = (log_ratio.exp() - 1) + log_ratio
    return k1, k2, k3
