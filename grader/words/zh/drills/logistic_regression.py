"""中文 text of the logistic_regression drill."""
TEXT = {
    '-log sigmoid(z) = log(1 + exp(-z)) overflows for z << 0, and log(sigmoid(z)) is log(0) once sigmoid rounds to 0 or 1. Per sample the loss is log(1 + e^z) - y z = max(z, 0) - y z + log1p(exp(-|z|)): exp never sees a positive number.':
        '-log sigmoid(z) = log(1 + exp(-z)) 在 z << 0 时溢出；一旦 sigmoid 舍入成 0 或 1，log(sigmoid(z)) 就是 log(0)。每个样本的损失是 log(1 + e^z) - y z = max(z, 0) - y z + log1p(exp(-|z|))：exp 永远不会遇到正数。',
    '1024 samples':
        '1024 个样本',
    'N=20, D=3':
        'N=20，D=3',
    'N=8, D=3, l2 left to its default':
        'N=8，D=3，l2 取默认值',
    'Per sample, log(1 + e^z) - y z = max(z, 0) - y z + log1p(exp(-|z|)): exp of a non-positive number only.':
        '每个样本：log(1 + e^z) - y z = max(z, 0) - y z + log1p(exp(-|z|))：exp 只作用于非正数。',
    'The penalty is (l2 / 2) * ||w||²: db has no l2 term, and the loss no b².':
        '惩罚项是 (l2 / 2) * ||w||²：db 中没有 l2 项，损失中也没有 b²。',
    'With z = X @ w + b and p = sigmoid(z), the mean log-loss has d loss / d z = (p - y) / N: then dw = X.T @ that + l2 * w and db = its sum (no l2 term for the bias).':
        '设 z = X @ w + b，p = sigmoid(z)，平均对数损失满足 d loss / d z = (p - y) / N：于是 dw = X.T @ 它 + l2 * w，db = 它的和（偏置没有 l2 项）。',
    'along a random direction the loss changes at rate {0} (central differences in float64), but your (dw, db) give {1}':
        '沿一个随机方向，损失的变化率为 {0}（float64 下的中心差分），但你的 (dw, db) 给出的是 {1}',
    'bias 3 and l2 = 0.5':
        '偏置 3，l2 = 0.5',
    'every label 0':
        '标签全为 0',
    'expected (loss, dw, db), got {0}':
        '应返回 (loss, dw, db)，实际得到 {0}',
    'fit: w = X.new_zeros(D), b = X.new_zeros(()); each step compute (dw, db) at the current (w, b), then w = w - lr * dw; b = b - lr * db.':
        'fit：w = X.new_zeros(D)，b = X.new_zeros(())；每一步在当前 (w, b) 处计算 (dw, db)，然后 w = w - lr * dw；b = b - lr * db。',
    'float64':
        'float64',
    'gradient not divided by N: the loss is a mean over the samples, so is its gradient':
        '梯度没有除以 N：损失是对样本的平均，它的梯度也是',
    'gradient with the wrong sign: d loss / d z = sigmoid(z) - y':
        '梯度符号反了：d loss / d z = sigmoid(z) - y',
    'gradients match finite differences of the loss':
        '梯度与损失的有限差分一致',
    'logits near ±1000':
        '接近 ±1000 的 logits',
    'logits near ±30: sigmoid rounds to 0 or 1':
        '接近 ±30 的 logits：sigmoid 舍入成 0 或 1',
    'loss = mean(...), so every per-sample gradient is divided by N: err = (p - y) / N.':
        'loss = mean(...)，所以每个样本的梯度都要除以 N：err = (p - y) / N。',
    'mostly label 1: a large bias':
        '大部分标签为 1：偏置很大',
    'no step: zeros':
        '不迭代：全零',
    'one feature, every label 1':
        '一个特征，标签全为 1',
    'one sample':
        '一个样本',
    'one step':
        '一步',
    'separable data, defaults for l2':
        '线性可分的数据，l2 取默认值',
    'sigmoid as exp(z) / (1 + exp(z)): inf / inf = NaN for large z; use torch.sigmoid':
        '把 sigmoid 写成 exp(z) / (1 + exp(z))：z 很大时 inf / inf = NaN；请用 torch.sigmoid',
    'the L2 term is missing from dw: d/dw of (l2 / 2) ||w||² is l2 * w':
        'dw 中漏了 L2 项：(l2 / 2) ||w||² 对 w 的导数是 l2 * w',
    'the bias is regularised: the L2 penalty is on w only':
        '偏置也被正则化了：L2 惩罚只作用于 w',
    "the prompt's example":
        '题目中的示例',
    'the samples':
        '样本数',
    'unstable log-sigmoid: log(sigmoid(z)) or log(1 + exp(z)) gives inf or NaN for large |z|; use max(z, 0) - y z + log1p(exp(-|z|))':
        '不稳定的 log-sigmoid：|z| 很大时 log(sigmoid(z)) 或 log(1 + exp(z)) 会得到 inf 或 NaN；请用 max(z, 0) - y z + log1p(exp(-|z|))',
}
