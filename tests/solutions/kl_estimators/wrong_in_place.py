import torch

EXPECT = {
    'inputs unchanged': 'an input modified in place: work on new tensors',
}


def kl_estimators(logp, logp_ref):
    log_ratio = logp_ref.sub_(logp)                   # reuses the caller's tensor
    return -log_ratio, log_ratio ** 2 / 2, log_ratio.exp() - 1 - log_ratio
