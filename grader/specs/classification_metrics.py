"""classification_metrics: two functions, the confusion matrix and precision / recall / F1 with
every averaging scikit-learn offers. Particular to it: labels with gaps and classes that occur
only in y_true (never predicted) or only in y_pred (support 0), where 0/0 must give 0; the four
`average` values drawn everywhere; one sample and one class; invariants that need no reference
(relabelling by an increasing map changes nothing, the matrix counts every sample once, micro
P = R = F1 = accuracy); and the classic mistakes of the averages, of the zero division and of
labels assumed to be 0..C-1."""
from hypothesis import strategies as st

import torch
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Classification metrics", zh="分类指标(精确率、召回率、F1)", topic="classic ML",
            difficulty="easy", minutes=15,
            oracle="sklearn.metrics confusion_matrix and precision_recall_fscore_support (zero_division=0)")
HINTS = [
    "labels = torch.unique(torch.cat([y_true, y_pred])) is sorted; torch.searchsorted(labels, y) turns each label "
    "into its index 0..C-1, whatever gaps the labels have.",
    "The matrix in one call: torch.bincount(t * C + p, minlength=C * C).view(C, C), rows t = truth, columns "
    "p = prediction.",
    "TP = cm.diagonal(), predicted = cm.sum(0), support = cm.sum(1). Where a denominator is 0 so is TP: "
    "TP / denominator.clamp(min=1) gives 0 there instead of NaN.",
    "macro: mean of the per-class scores; weighted: (score * support).sum() / support.sum(); micro: sum TP, "
    "predicted and support over the classes first, then divide (for one label per sample it is the accuracy).",
]
AVERAGES = [None, "macro", "micro", "weighted"]


def case(y_true, y_pred, label="", **kwargs) -> Case:
    return Case(args=(y_true, y_pred), kwargs=kwargs, label=label)


def labels_drawn(seed, n, classes, extra=1, step=1, offset=0, p_right=0.5):
    """y_true over `classes` labels; y_pred right with probability p_right, else any of classes + extra
    labels (so some labels occur only in y_pred). Labels are offset + step * i: gaps when step > 1."""
    g = torch.Generator().manual_seed(seed)
    y_true = torch.randint(0, classes, (n,), generator=g)
    wrong = torch.randint(0, classes + extra, (n,), generator=g)
    y_pred = torch.where(torch.rand(n, generator=g) < p_right, y_true, wrong)
    return offset + step * y_true, offset + step * y_pred


def fixed(seed, n, classes, average="default", label="", **options) -> Case:
    kwargs = {} if average == "default" else {"average": average}
    return case(*labels_drawn(seed, n, classes, **options), label, **kwargs)


def draw_labels(draw):
    n, classes = draw(st.integers(1, 30)), draw(st.integers(1, 5))
    return labels_drawn(draw(st.integers(0, 2**31 - 1)), n, classes, extra=draw(st.integers(0, 2)),
                        step=draw(st.sampled_from([1, 1, 2, 3])), offset=draw(st.sampled_from([0, 0, 1, 4])),
                        p_right=draw(st.sampled_from([0.0, 0.5, 0.8])))


def matrix_inputs(draw) -> Case:
    return case(*draw_labels(draw))


def scores_inputs(draw) -> Case:
    average = draw(st.sampled_from(AVERAGES + ["default"]))
    return case(*draw_labels(draw), **({} if average == "default" else {"average": average}))


# ---- invariants (no reference needed) -------------------------------------------------------------------

def tensors(out):
    outs = out if isinstance(out, (tuple, list)) else [out]
    if not all(isinstance(o, torch.Tensor) for o in outs):
        raise Fail("expected tensors: a (C, C) LongTensor, or (precision, recall, f1)")
    return [o.detach().cpu() for o in outs]


def relabelled(call, c):
    """3 · label + 5 keeps the order of the labels: the classes are the same, in the same order."""
    y_true, y_pred = c.args
    a, b = tensors(call(c)), tensors(call(case(3 * y_true + 5, 3 * y_pred + 5, **c.kwargs)))
    if len(a) != len(b) or any(x.shape != y.shape or not torch.allclose(x.double(), y.double(), equal_nan=True)
                               for x, y in zip(a, b)):
        raise Fail(f"labels {sorted(set(torch.cat([y_true, y_pred]).tolist()))} changed to 3 · label + 5 changed "
                   f"the output: only which labels exist and their order matter, not their values",
                   mistake=CONTIGUOUS)


def counts_every_sample(call, c):
    y_true, y_pred = c.args
    (cm,) = tensors(call(c))
    if cm.dim() != 2 or cm.shape[0] != cm.shape[1]:
        return                                                      # the shape check says so
    n, right = len(y_true), int((y_true == y_pred).sum())
    if int(cm.sum()) != n or int(cm.diagonal().sum()) != right:
        raise Fail(f"the matrix holds {int(cm.sum())} samples with {int(cm.diagonal().sum())} on the diagonal; there "
                   f"are {n} samples, {right} predicted right")


def micro_is_accuracy(call, c):
    y_true, y_pred = c.args
    out = tensors(call(case(y_true, y_pred, average="micro")))
    accuracy = (y_true == y_pred).double().mean().item()
    if len(out) != 3 or any(o.numel() != 1 for o in out):
        raise Fail("average='micro' should return three 0-d tensors (precision, recall, f1)")
    got = [o.item() for o in out]
    if any(abs(v - accuracy) > 1e-6 for v in got):
        raise Fail(f"average='micro' gave (P, R, F1) = ({got[0]:.4g}, {got[1]:.4g}, {got[2]:.4g}); with one label per "
                   f"sample, the summed TP / summed predictions and TP / summed truths are both the accuracy "
                   f"{accuracy:.4g}")


# ---- the classic mistakes, written as a learner would ----------------------------------------------

def counts(y_true, y_pred, contiguous=False):
    """(C, C) counts, rows truth: over the distinct labels, or over 0..max as if labels were contiguous."""
    if contiguous:
        C = int(torch.cat([y_true, y_pred]).max()) + 1
        t, p = y_true, y_pred
    else:
        labels = torch.unique(torch.cat([y_true, y_pred]))
        C, t, p = len(labels), torch.searchsorted(labels, y_true), torch.searchsorted(labels, y_pred)
    cm = torch.zeros(C, C, dtype=torch.long, device=y_true.device)
    cm.index_put_((t, p), torch.ones_like(t), accumulate=True)
    return cm


def matrix_like(transposed=False, contiguous=False):
    def confusion_matrix(y_true, y_pred):
        cm = counts(y_true, y_pred, contiguous)
        return cm.T if transposed else cm
    return confusion_matrix


def scores_like(swap_averages=False, nan=False, contiguous=False, f1_of_means=False, weights="support",
                swap_pr=False):
    def precision_recall_f1(y_true, y_pred, average="macro"):
        if swap_averages and average in ("micro", "macro"):
            average = {"micro": "macro", "macro": "micro"}[average]
        cm = counts(y_true, y_pred, contiguous).double()
        tp, predicted, support = cm.diagonal(), cm.sum(0), cm.sum(1)
        if swap_pr:
            predicted, support = support, predicted
        if average == "micro":
            tp, predicted, support = tp.sum(), predicted.sum(), support.sum()
        if nan:
            p, r = tp / predicted, tp / support
            f1 = 2 * p * r / (p + r)
        else:
            p, r = tp / predicted.clamp(min=1), tp / support.clamp(min=1)
            f1 = torch.where(p + r > 0, 2 * p * r / (p + r).clamp(min=1e-12), 0.0)
        if average == "macro":
            p, r, f1 = p.mean(), r.mean(), f1.mean()
            if f1_of_means:
                f1 = 2 * p * r / (p + r) if p + r > 0 else p * 0
        elif average == "weighted":
            w = support if weights == "support" else predicted
            p, r, f1 = [(s * w).sum() / w.sum() for s in (p, r, f1)]
        return p.float(), r.float(), f1.float()
    return precision_recall_f1


CONTIGUOUS = ("labels assumed to be 0..C-1: the classes are the distinct labels of y_true and y_pred, sorted "
              "(labels with gaps make no empty classes)")
SWAPPED = "micro and macro swapped: micro pools the counts of every class, macro averages the per-class scores"

DRILL = Drill(entries=[
    Entry(
        "confusion_matrix",
        inputs=matrix_inputs,
        examples=[
            case(torch.tensor([0, 0, 0, 3, 3, 7]), torch.tensor([0, 0, 3, 3, 9, 3]), "the prompt's example"),
            fixed(1, 20, 4, label="four classes, labels 0..3"),
            fixed(2, 12, 3, step=2, offset=1, extra=2, label="labels 1, 3, 5, 7, 9: gaps"),
            case(torch.tensor([4]), torch.tensor([4]), "one sample"),
            case(torch.tensor([2, 2, 2]), torch.tensor([5, 5, 5]), "every prediction wrong"),
        ],
        extreme=[fixed(3, 5000, 40, step=3, extra=5, label="5000 samples, 45 labels with gaps")],
        invariants=[Invariant("every sample counted once", counts_every_sample),
                    Invariant("only the order of the labels matters", relabelled)],
        mistakes=[
            Mistake("confusion matrix transposed: rows are the true labels, columns the predictions",
                    like=matrix_like(transposed=True)),
            Mistake(CONTIGUOUS, like=matrix_like(contiguous=True),
                    hint="labels = torch.unique(torch.cat([y_true, y_pred])); torch.searchsorted(labels, y) gives "
                         "each label's index."),
        ],
        grad=False,
        loops=Loops(small=fixed(4, 30, 4), large=fixed(4, 90, 4), over="the samples"),
        speed=Speed(lambda seed: fixed(20 + seed, 20_000, 10), limit=30.0),
    ),
    Entry(
        "precision_recall_f1",
        inputs=scores_inputs,
        examples=[case(torch.tensor([0, 0, 0, 3, 3, 7]), torch.tensor([0, 0, 3, 3, 9, 3]),
                       "the prompt's example", average=a) for a in AVERAGES] + [
            fixed(5, 25, 4, average="macro", extra=0, label="every class predicted and present"),
            fixed(6, 25, 4, average="weighted", step=2, extra=2, label="weighted, labels with gaps"),
            fixed(7, 25, 5, p_right=0.3, extra=1, label="the default average"),
            fixed(8, 16, 4, average=None, step=3, offset=2, extra=0, label="per class, labels 2, 5, 8, 11"),
            case(torch.tensor([1, 1, 1]), torch.tensor([1, 1, 1]), "one class, all right", average="macro"),
            case(torch.tensor([3]), torch.tensor([6]), "one sample, wrong", average="weighted"),
        ],
        extreme=[fixed(9, 5000, 40, average="macro", step=3, extra=5, label="5000 samples, 45 labels, macro")],
        invariants=[Invariant("only the order of the labels matters", relabelled),
                    Invariant("micro P = R = F1 = accuracy", micro_is_accuracy)],
        mistakes=[
            Mistake(SWAPPED, like=scores_like(swap_averages=True)),
            Mistake("0/0 gave NaN: a class never predicted has precision 0 (and one never present recall 0), "
                    "as scikit-learn's zero_division=0", like=scores_like(nan=True),
                    hint="Where the denominator is 0, TP is 0 too: TP / denominator.clamp(min=1) is 0 there."),
            Mistake(CONTIGUOUS, like=scores_like(contiguous=True)),
            Mistake("macro F1 as the F1 of the macro precision and recall: it is the mean of the per-class F1",
                    like=scores_like(f1_of_means=True)),
            Mistake("weighted average by the predicted counts: the weights are the supports (true counts)",
                    like=scores_like(weights="predicted")),
            Mistake("precision and recall swapped: precision divides TP by the predicted count (a column of the "
                    "matrix), recall by the true count (a row)", like=scores_like(swap_pr=True)),
        ],
        grad=False,
        loops=Loops(small=fixed(10, 30, 4, average="weighted"), large=fixed(10, 90, 4, average="weighted"),
                    over="the samples"),
        speed=Speed(lambda seed: fixed(30 + seed, 20_000, 10, average="weighted"), limit=30.0),
    ),
], banned=["import sklearn"])
