import torch


def confusion_matrix(y_true, y_pred):
    classes = torch.cat([y_true, y_pred]).unique(sorted=True)
    rows = (y_true[:, None] == classes[None, :]).long().argmax(1)     # the index of each label
    cols = (y_pred[:, None] == classes[None, :]).long().argmax(1)
    cm = torch.zeros(len(classes), len(classes), dtype=torch.long, device=y_true.device)
    return cm.index_put((rows, cols), torch.ones_like(rows), accumulate=True)


def precision_recall_f1(y_true, y_pred, average="macro"):
    cm = confusion_matrix(y_true, y_pred).double()
    tp, col, row = cm.diagonal(), cm.sum(0), cm.sum(1)
    if average == "micro":
        accuracy = (tp.sum() / row.sum()).float()
        return accuracy, accuracy.clone(), accuracy.clone()
    precision = torch.nan_to_num(tp / col)                      # 0/0 -> 0
    recall = torch.nan_to_num(tp / row)
    f1 = torch.nan_to_num(2 * tp / (col + row))
    stacked = torch.stack([precision, recall, f1])              # (3, C)
    if average == "macro":
        stacked = stacked.mean(1)
    elif average == "weighted":
        stacked = stacked @ row / row.sum()
    return tuple(stacked.float().unbind(0))
