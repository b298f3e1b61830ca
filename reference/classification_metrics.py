import torch


def confusion_matrix(y_true: torch.Tensor, y_pred: torch.Tensor) -> torch.Tensor:
    labels = torch.unique(torch.cat([y_true, y_pred]))          # sorted; gaps allowed (0, 3, 7)
    t = torch.searchsorted(labels, y_true)                       # each label's row / column
    p = torch.searchsorted(labels, y_pred)
    C = labels.numel()
    return torch.bincount(t * C + p, minlength=C * C).view(C, C)


def precision_recall_f1(y_true: torch.Tensor, y_pred: torch.Tensor, average: str | None = "macro"):
    cm = confusion_matrix(y_true, y_pred).double()
    tp, predicted, support = cm.diagonal(), cm.sum(0), cm.sum(1)
    if average == "micro":                                       # pool the counts of every class first
        tp, predicted, support = tp.sum(), predicted.sum(), support.sum()
    # where a count is 0 so is tp: clamping the denominator gives 0, not 0/0 = NaN
    precision = tp / predicted.clamp(min=1)
    recall = tp / support.clamp(min=1)
    f1 = 2 * tp / (predicted + support).clamp(min=1)              # = 2PR / (P + R), and 0 where P + R = 0
    scores = [precision, recall, f1]
    if average == "macro":
        scores = [s.mean() for s in scores]
    elif average == "weighted":                                  # each class counts by its true support
        scores = [(s * support).sum() / support.sum() for s in scores]
    return tuple(s.float() for s in scores)
