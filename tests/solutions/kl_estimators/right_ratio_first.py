import torch


def kl_estimators(logp, logp_ref):
    # the ratio itself first, as the blog post writes it
    logr = logp_ref - logp
    r = logr.exp()
    k1 = -logr
    k2 = 0.5 * logr.pow(2)
    k3 = (r - 1) - logr
    return k1, k2, k3
