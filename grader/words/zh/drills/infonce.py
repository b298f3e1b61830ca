"""中文 text of the infonce drill."""
TEXT = {
    'CLIP averages the two directions: (CE(logits, labels) + CE(logits.T, labels)) / 2.':
        'CLIP 对两个方向取平均：(CE(logits, labels) + CE(logits.T, labels)) / 2。',
    'D = 1: every row is ±1 after normalising':
        'D = 1：归一化后每行都是 ±1',
    'Normalise each row to unit length (dim=-1), so a @ b.T holds cosine similarities; then divide by the temperature.':
        '把每行归一化到单位长度（dim=-1），这样 a @ b.T 就是余弦相似度；然后再除以温度。',
    'The positives are on the diagonal: the label of row i is i. Cross-entropy of the (N, N) logits scores a -> b; the same on logits.T scores b -> a.':
        '正样本在对角线上：第 i 行的标签就是 i。对 (N, N) 的 logits 求交叉熵衡量 a -> b；对 logits.T 做同样的事衡量 b -> a。',
    'a batch of 1024':
        '大小为 1024 的 batch',
    'a, b = F.normalize(a, dim=-1), F.normalize(b, dim=-1); logits = a @ b.T / temperature; labels = torch.arange(len(a), device=a.device); return (F.cross_entropy(logits, labels) + F.cross_entropy(logits.T, labels)) / 2':
        'a, b = F.normalize(a, dim=-1), F.normalize(b, dim=-1); logits = a @ b.T / temperature; labels = torch.arange(len(a), device=a.device); return (F.cross_entropy(logits, labels) + F.cross_entropy(logits.T, labels)) / 2',
    'embeddings not normalised: normalise each row to unit length, so the logits are cosines / τ':
        '嵌入没有归一化：要把每行归一化到单位长度，这样 logits 才是余弦值 / τ',
    'five matched pairs, default temperature 0.07':
        '五个匹配对，默认温度 0.07',
    'log-sum-exp without subtracting the max: exp(1 / τ) overflows for small τ; use F.cross_entropy or log_softmax':
        'log-sum-exp 没有减去最大值：τ 很小时 exp(1 / τ) 会溢出；请用 F.cross_entropy 或 log_softmax',
    'loss summed over the batch instead of averaged':
        '损失对 batch 求和而不是取平均',
    'multiplying the rows of a and b by positive factors changed the loss from {0} to {1}: the similarities are cosines, so each row is normalised to unit length first':
        '把 a 和 b 的各行乘以正的系数后，损失从 {0} 变成了 {1}：相似度是余弦值，所以要先把每行归一化到单位长度',
    'normalised over the batch (dim=0) instead of each row (dim=-1)':
        '沿 batch 维（dim=0）归一化，而不是对每行（dim=-1）归一化',
    'one pair: the only candidate, loss 0':
        '只有一对：唯一的候选，损失为 0',
    'only one direction: CLIP averages a -> b (CE of logits) and b -> a (CE of logits.T)':
        '只算了一个方向：CLIP 对 a -> b（logits 的 CE）和 b -> a（logits.T 的 CE）取平均',
    'rescaling a row changes nothing':
        '缩放某一行不改变结果',
    'rows near 1e3 and near 1e-2':
        '接近 1e3 和接近 1e-2 的行',
    'rows of very different norms, τ = 1':
        '范数相差很大的行，τ = 1',
    'seven noisy pairs, τ = 2':
        '七个带噪声的对，τ = 2',
    'swapping a and b changed the loss from {0} to {1}: the CLIP loss averages both directions (a -> b and b -> a), so it is symmetric':
        '交换 a 和 b 后损失从 {0} 变成了 {1}：CLIP 损失对两个方向（a -> b 和 b -> a）取平均，所以是对称的',
    'swapping a and b changes nothing':
        '交换 a 和 b 不改变结果',
    'temperature multiplied: the similarities are DIVIDED by τ (a small τ sharpens)':
        '乘了温度：相似度应该除以 τ（τ 越小越尖锐）',
    "the prompt's example":
        '题目中的示例',
    'the rows':
        '行数',
    'the two directions summed: CLIP averages them, (CE(a -> b) + CE(b -> a)) / 2':
        '两个方向求和了：CLIP 取的是平均，(CE(a -> b) + CE(b -> a)) / 2',
    'the whole matrix normalised by one norm instead of each row by its own':
        '整个矩阵用同一个范数归一化，而不是每行用各自的范数',
    'τ = 0.01 and matching pairs: logits near 100, exp overflows':
        'τ = 0.01 且各对匹配：logits 接近 100，exp 会溢出',
}
