"""中文 text of the backprop drill."""
TEXT = {
    '4096 classes':
        '4096 个类别',
    '4096 rows':
        '4096 行',
    'C == D (a transposed dW has the right shape)':
        'C == D（转置了的 dW 形状也对得上）',
    'N=5, D=3, C=4':
        'N=5，D=3，C=4',
    'Start from d loss / d logits. For one row, d(-log softmax(z)[t]) / dz = softmax(z) - one_hot(t); the loss is the mean over N rows, so divide by N.':
        '从 d loss / d logits 开始。对单行，d(-log softmax(z)[t]) / dz = softmax(z) - one_hot(t)；损失是 N 行的平均，所以要除以 N。',
    'along a random direction the loss changes at rate {0} (central differences of F.cross_entropy in float64), but your (dW, db, dx) give {1}':
        '沿一个随机方向，损失的变化率是 {0}（float64 下对 F.cross_entropy 做中心差分），但你的 (dW, db, dx) 给出的是 {1}',
    "dW transposed: dW has W's shape (C, D), it is dlogits.T @ x, not x.T @ dlogits":
        'dW 转置了：dW 的形状与 W 相同 (C, D)，它是 dlogits.T @ x，而不是 x.T @ dlogits',
    'db sums to 0':
        'db 之和为 0',
    'db sums to {0}: each row of softmax - one_hot sums to 0, so db must too (softmax over the wrong dim?)':
        'db 之和为 {0}：softmax - one_hot 的每一行之和都是 0，所以 db 之和也必须为 0（softmax 的维度弄错了？）',
    'every row the same class':
        '每行都是同一个类别',
    'forgot the 1/N of the mean (that is the gradient of the summed loss)':
        '忘了平均带来的 1/N（那是求和损失的梯度）',
    'gradients match finite differences of the loss':
        '梯度与损失的有限差分一致',
    'logits = x @ W.T + b, so with g = d loss / d logits (N, C): dW = g.T @ x (C, D), db = g.sum(0) (C,), dx = g @ W (N, D). Check each shape against the tensor it is the gradient of.':
        'logits = x @ W.T + b，所以设 g = d loss / d logits (N, C)：dW = g.T @ x (C, D)，db = g.sum(0) (C,)，dx = g @ W (N, D)。把每个梯度的形状与对应的张量核对一下。',
    'logits near ±1000':
        '接近 ±1000 的 logits',
    'one class: every gradient is 0':
        '只有一个类别：所有梯度都是 0',
    'one row':
        '只有一行',
    'p = (logits - logits.amax(-1, keepdim=True)).exp(); p = p / p.sum(-1, keepdim=True); g = (p - torch.zeros_like(p).scatter_(-1, target[:, None], 1.0)) / N.':
        'p = (logits - logits.amax(-1, keepdim=True)).exp(); p = p / p.sum(-1, keepdim=True); g = (p - torch.zeros_like(p).scatter_(-1, target[:, None], 1.0)) / N.',
    'softmax over the batch dim (dim=0) instead of the classes':
        'softmax 沿 batch 维度 (dim=0) 做了，而不是沿类别维度',
    'softmax without subtracting the max (exp overflows)':
        'softmax 没有减去最大值（exp 溢出）',
    "the prompt's example":
        '题目中的示例',
    'the rows':
        '行数',
}
