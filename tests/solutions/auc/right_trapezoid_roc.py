import torch


def roc_auc(scores, labels):
    order = torch.argsort(scores, descending=True)
    s, y = scores[order], labels[order].double()
    tps, fps = torch.cumsum(y, 0), torch.cumsum(1 - y, 0)
    last = torch.ones_like(s, dtype=torch.bool)                # one ROC point per distinct threshold
    last[:-1] = s[1:] != s[:-1]
    tpr = torch.cat([tps.new_zeros(1), tps[last] / tps[-1]])
    fpr = torch.cat([fps.new_zeros(1), fps[last] / fps[-1]])
    return torch.trapezoid(tpr, fpr).to(scores.dtype)          # a tied group is a diagonal step: half credit
