"""Classification metrics  分类指标(精确率、召回率、F1)

Write two functions for a single-label multi-class classifier, with scikit-learn's meanings.

`confusion_matrix(y_true, y_pred) -> (C, C) LongTensor`
- y_true and y_pred are LongTensors (n,), n >= 1, of labels >= 0. Labels need not be 0..C-1
  (0, 3, 7, 9 is fine): the classes are the distinct labels of y_true and y_pred together, in
  increasing order, and C is how many there are.
- cm[i, j] = the number of samples whose true label is class i and predicted label class j
  (rows: truth, columns: prediction).

`precision_recall_f1(y_true, y_pred, average="macro") -> (precision, recall, f1)`
- Per class c (the same classes as above): precision = TP / (number predicted c),
  recall = TP / (number truly c), F1 = 2 · P · R / (P + R).
- A zero denominator gives 0, never NaN (scikit-learn's zero_division=0): a class never predicted
  has precision 0, a class that never occurs has recall 0, and P + R = 0 gives F1 = 0.
- average=None: three float32 tensors (C,), the per-class scores.
- average="macro": the plain mean of the per-class scores (every class counts the same; F1 too is
  the mean of the per-class F1, not the F1 of the mean P and R).
- average="weighted": the per-class scores averaged with weights = each class's support (its
  number of true samples; a class that only occurs in y_pred weighs 0).
- average="micro": TP, the predicted counts and the true counts summed over the classes first,
  then P, R and F1 from those sums.
- The averages are three 0-d float32 tensors. Everything is on y_true's device.
- No Python loop over the samples; the inputs are not modified. scikit-learn is not allowed.

Example:
    >>> y_true = torch.tensor([0, 0, 0, 3, 3, 7])
    >>> y_pred = torch.tensor([0, 0, 3, 3, 9, 3])
    >>> confusion_matrix(y_true, y_pred)               # classes 0, 3, 7, 9
    tensor([[2, 1, 0, 0],
            [0, 1, 0, 1],
            [0, 1, 0, 0],
            [0, 0, 0, 0]])
    >>> precision_recall_f1(y_true, y_pred, average=None)
    (tensor([1.0000, 0.3333, 0.0000, 0.0000]), tensor([0.6667, 0.5000, 0.0000, 0.0000]), tensor([0.8000, 0.4000, 0.0000, 0.0000]))
    >>> precision_recall_f1(y_true, y_pred, average="macro")
    (tensor(0.3333), tensor(0.2917), tensor(0.3000))
    >>> precision_recall_f1(y_true, y_pred, average="weighted")
    (tensor(0.6111), tensor(0.5000), tensor(0.5333))
    >>> precision_recall_f1(y_true, y_pred, average="micro")
    (tensor(0.5000), tensor(0.5000), tensor(0.5000))
    # 7 is never predicted (precision 0); 9 never occurs (recall 0, weight 0 in "weighted")
"""
import torch


def confusion_matrix(y_true: torch.Tensor, y_pred: torch.Tensor) -> torch.Tensor:
    # TODO: the sorted distinct labels, each sample's row and column index in them, count the
    # (row, column) pairs with one bincount (about 5 lines)
    raise NotImplementedError


def precision_recall_f1(y_true: torch.Tensor, y_pred: torch.Tensor, average: str | None = "macro"):
    # TODO: TP from the diagonal, predicted counts from the columns, support from the rows; divide
    # with 0 for a zero denominator; then average as asked (about 12 lines)
    raise NotImplementedError
