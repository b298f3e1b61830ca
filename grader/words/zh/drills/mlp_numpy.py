"""中文 text of the mlp_numpy drill."""
TEXT = {
    '4096 classes':
        '4096 个类别',
    '4096 samples':
        '4096 个样本',
    'Each layer out = inp @ W.T + b gives dW = dout.T @ inp, db = dout.sum(axis=0), dinp = dout @ W. Between the layers the ReLU lets the gradient through only where z > 0: dz = dh * (z > 0).':
        '每一层 out = inp @ W.T + b 给出 dW = dout.T @ inp，db = dout.sum(axis=0)，dinp = dout @ W。两层之间的 ReLU 只在 z > 0 处让梯度通过：dz = dh * (z > 0)。',
    'Keep the forward intermediates the backward needs: z = x @ W1.T + b1 (for the ReLU mask), h = relu(z) (for dW2), and the logits.':
        '保留反向传播需要的前向中间量：z = x @ W1.T + b1（用于 ReLU 的掩码），h = relu(z)（用于 dW2），以及 logits。',
    'N=5, D=3, H=4, C=2':
        'N=5，D=3，H=4，C=2',
    'ReLU left out: the hidden layer is relu(x @ W1.T + b1)':
        '漏掉了 ReLU：隐藏层是 relu(x @ W1.T + b1)',
    "ReLU's gradient not masked: it flows only where z > 0 (note relu(z) >= 0 is always true)":
        'ReLU 的梯度没有加掩码：梯度只在 z > 0 处流过（注意 relu(z) >= 0 恒成立）',
    "Softmax cross-entropy's gradient w.r.t. the logits is (softmax - one_hot(y)) / N: take p = softmax(logits), then p[np.arange(N), y] -= 1 and divide by N.":
        'softmax 交叉熵对 logits 的梯度是 (softmax - one_hot(y)) / N：取 p = softmax(logits)，然后 p[np.arange(N), y] -= 1，再除以 N。',
    'along a random direction the loss changes at rate {0} (central differences), but your gradients give {1}':
        '沿一个随机方向，损失的变化率是 {0}（中心差分），但你的梯度给出的是 {1}',
    'backward matches finite differences of the loss':
        'backward 与损失的有限差分一致',
    'backward should return a dict with keys W1, b1, W2, b2, got {0}':
        'backward 应返回键为 W1、b1、W2、b2 的 dict，得到的是 {0}',
    'every hidden unit dead: no gradient reaches layer 1':
        '所有隐藏单元都死了：没有梯度能传到第 1 层',
    'forgot the 1/N of the mean (that is the gradient of the summed loss)':
        '忘了平均带来的 1/N（那是求和损失的梯度）',
    'forward returns probabilities: it returns the logits, before any softmax':
        'forward 返回了概率：它应返回 logits，即 softmax 之前的值',
    'logits near ±1000':
        '接近 ±1000 的 logits',
    'one class: every gradient is 0':
        '只有一个类别：所有梯度都是 0',
    'one sample':
        '只有一个样本',
    'softmax over the batch axis (axis=0) instead of the classes':
        'softmax 沿 batch 维度 (axis=0) 做了，而不是沿类别维度',
    'softmax without subtracting the max (exp overflows)':
        'softmax 没有减去最大值（exp 溢出）',
    'square weights (a transposed gradient has the right shape)':
        '方阵权重（转置了的梯度形状也对得上）',
    "the prompt's example":
        '题目中的示例',
    'the samples':
        '样本数',
    "weight gradients transposed: dW has W's shape (out, in), dW = doutᵀ @ inp":
        '权重梯度转置了：dW 的形状与 W 相同 (out, in)，dW = doutᵀ @ inp',
}
