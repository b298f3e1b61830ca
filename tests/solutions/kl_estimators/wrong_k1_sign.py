import torch

EXPECT = {
    'values': "k1's sign: k1 = -log r = logp - logp_ref (a positive KL when π puts more mass on its own samples)",
    'k1 and k3 are unbiased (exact expectation)': '',
}


def kl_estimators(logp, logp_ref):
    log_ratio = logp_ref - logp
    return log_ratio, log_ratio ** 2 / 2, log_ratio.exp() - 1 - log_ratio
