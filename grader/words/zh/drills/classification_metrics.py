"""中文 text of the classification_metrics drill."""
TEXT = {
    "0/0 gave NaN: a class never predicted has precision 0 (and one never present recall 0), as scikit-learn's zero_division=0":
        '0/0 得到了 NaN：从未被预测的类别 precision 为 0（从未出现的类别 recall 为 0），与 scikit-learn 的 zero_division=0 一致',
    '5000 samples, 45 labels with gaps':
        '5000 个样本，45 个不连续的标签',
    '5000 samples, 45 labels, macro':
        '5000 个样本，45 个标签，macro',
    'TP = cm.diagonal(), predicted = cm.sum(0), support = cm.sum(1). Where a denominator is 0 so is TP: TP / denominator.clamp(min=1) gives 0 there instead of NaN.':
        'TP = cm.diagonal()，predicted = cm.sum(0)，support = cm.sum(1)。分母为 0 的地方 TP 也为 0：TP / denominator.clamp(min=1) 在那里得 0 而不是 NaN。',
    'The matrix in one call: torch.bincount(t * C + p, minlength=C * C).view(C, C), rows t = truth, columns p = prediction.':
        '一次调用得到整个矩阵：torch.bincount(t * C + p, minlength=C * C).view(C, C)，行 t = 真实值，列 p = 预测值。',
    'Where the denominator is 0, TP is 0 too: TP / denominator.clamp(min=1) is 0 there.':
        '分母为 0 的地方 TP 也为 0：TP / denominator.clamp(min=1) 在那里为 0。',
    "average='micro' gave (P, R, F1) = ({0}, {1}, {2}); with one label per sample, the summed TP / summed predictions and TP / summed truths are both the accuracy {3}":
        "average='micro' 得到 (P, R, F1) = ({0}, {1}, {2})；每个样本只有一个标签时，TP 总和 / 预测数总和 与 TP 总和 / 真实数总和 都等于准确率 {3}",
    "average='micro' should return three 0-d tensors (precision, recall, f1)":
        "average='micro' 应返回三个 0 维张量 (precision, recall, f1)",
    'confusion matrix transposed: rows are the true labels, columns the predictions':
        '混淆矩阵转置了：行是真实标签，列是预测',
    'every class predicted and present':
        '每个类别都被预测过且都出现过',
    'every prediction wrong':
        '所有预测都错',
    'every sample counted once':
        '每个样本恰好计数一次',
    'expected tensors: a (C, C) LongTensor, or (precision, recall, f1)':
        '应返回张量：一个 (C, C) 的 LongTensor，或 (precision, recall, f1)',
    'four classes, labels 0..3':
        '四个类别，标签 0..3',
    'labels 1, 3, 5, 7, 9: gaps':
        '标签 1, 3, 5, 7, 9：不连续',
    'labels = torch.unique(torch.cat([y_true, y_pred])) is sorted; torch.searchsorted(labels, y) turns each label into its index 0..C-1, whatever gaps the labels have.':
        'labels = torch.unique(torch.cat([y_true, y_pred])) 是排好序的；torch.searchsorted(labels, y) 把每个标签变成它的下标 0..C-1，无论标签之间有多少空缺。',
    "labels = torch.unique(torch.cat([y_true, y_pred])); torch.searchsorted(labels, y) gives each label's index.":
        'labels = torch.unique(torch.cat([y_true, y_pred]))；torch.searchsorted(labels, y) 给出每个标签的下标。',
    'labels assumed to be 0..C-1: the classes are the distinct labels of y_true and y_pred, sorted (labels with gaps make no empty classes)':
        '假定标签是 0..C-1：类别应是 y_true 和 y_pred 中不同的标签，排好序（标签之间的空缺不产生空类别）',
    'labels {0} changed to 3 · label + 5 changed the output: only which labels exist and their order matter, not their values':
        '把标签 {0} 换成 3 · label + 5 后输出变了：只有存在哪些标签及其顺序才重要，标签的值本身不重要',
    'macro F1 as the F1 of the macro precision and recall: it is the mean of the per-class F1':
        'macro F1 用 macro precision 和 recall 算出的 F1：它应是每个类别 F1 的平均',
    'macro: mean of the per-class scores; weighted: (score * support).sum() / support.sum(); micro: sum TP, predicted and support over the classes first, then divide (for one label per sample it is the accuracy).':
        'macro：每个类别分数的平均；weighted：(score * support).sum() / support.sum()；micro：先在所有类别上对 TP、predicted 和 support 求和，再相除（每个样本只有一个标签时就是准确率）。',
    'micro P = R = F1 = accuracy':
        'micro P = R = F1 = 准确率',
    'micro and macro swapped: micro pools the counts of every class, macro averages the per-class scores':
        'micro 和 macro 弄反了：micro 汇总所有类别的计数，macro 对每个类别的分数取平均',
    'one class, all right':
        '一个类别，全对',
    'one sample':
        '一个样本',
    'one sample, wrong':
        '一个样本，错误',
    'only the order of the labels matters':
        '只有标签的顺序才重要',
    'per class, labels 2, 5, 8, 11':
        '每个类别，标签 2, 5, 8, 11',
    'precision and recall swapped: precision divides TP by the predicted count (a column of the matrix), recall by the true count (a row)':
        'precision 和 recall 弄反了：precision 是 TP 除以预测数（矩阵的一列），recall 是除以真实数（一行）',
    'the default average':
        '默认的 average',
    'the matrix holds {0} samples with {1} on the diagonal; there are {2} samples, {3} predicted right':
        '矩阵中有 {0} 个样本，对角线上 {1} 个；实际有 {2} 个样本，预测正确 {3} 个',
    "the prompt's example":
        '题目中的示例',
    'the samples':
        '样本数',
    'weighted average by the predicted counts: the weights are the supports (true counts)':
        '按预测数做加权平均：权重应是 support（真实数）',
    'weighted, labels with gaps':
        'weighted，不连续的标签',
}
