import torch

EXPECT = {
    'gradients': 'ratio taken of probabilities, exp(logp_ref) / exp(logp): both underflow to 0 for log-probs near -200; use exp(logp_ref - logp)',
    'extreme inputs': 'ratio taken of probabilities, exp(logp_ref) / exp(logp): both underflow to 0 for log-probs near -200; use exp(logp_ref - logp)',
}


def kl_estimators(logp, logp_ref):
    p, p_ref = logp.exp(), logp_ref.exp()
    ratio = p_ref / p
    log_ratio = ratio.log()
    return -log_ratio, log_ratio ** 2 / 2, ratio - 1 - log_ratio
