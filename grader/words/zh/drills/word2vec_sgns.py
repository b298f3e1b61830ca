"""中文 text of the word2vec_sgns drill."""
TEXT = {
    '1000 × 2 draws: 20 words':
        '1000 × 2 次采样：20 个词',
    '1000 × 3 draws: counts over three orders of magnitude':
        '1000 × 3 次采样：词频跨三个数量级',
    "1000 × 3 draws: the prompt's counts (8 : 1 : 0 : 27 after the power)":
        '1000 × 3 次采样：题目中的词频（取幂后为 8 : 1 : 0 : 27）',
    'Each negative n_k adds -log σ(-n_k · v): the loss falls as n_k · v becomes very negative.':
        '每个负样本 n_k 贡献 -log σ(-n_k · v)：n_k · v 越负，损失越小。',
    'K = 1':
        'K = 1',
    'Sampler: probs = counts.double() ** 0.75; torch.multinomial(probs, batch_size * k, replacement=True, generator=generator).view(batch_size, k). multinomial normalises the weights itself.':
        '采样器：probs = counts.double() ** 0.75；torch.multinomial(probs, batch_size * k, replacement=True, generator=generator).view(batch_size, k)。multinomial 会自己把权重归一化。',
    'V = 1: every id is 0 (centre, context and negatives share a word)':
        'V = 1：所有 id 都是 0（中心词、上下文和负样本是同一个词）',
    'V=10, D=4, B=6, K=5':
        'V=10, D=4, B=6, K=5',
    'V=1000, B=512, K=10':
        'V=1000, B=512, K=10',
    'a mean over the pairs':
        '对各对取平均',
    'a single draw':
        '只采一次',
    'a softmax over the positive and the negatives (sampled softmax / InfoNCE): SGNS scores each candidate with its own sigmoid':
        '在正样本和负样本上做了 softmax（sampled softmax / InfoNCE）：SGNS 对每个候选各用一个 sigmoid 打分',
    'dot products near ±1000: σ underflows to 0':
        '点积接近 ±1000：σ 下溢成 0',
    'drawn without replacement: the k negatives of a pair are independent draws, the same word may come twice':
        '无放回采样：一对中的 k 个负样本是独立采样的，同一个词可以出现两次',
    'drew id {0}, outside the vocabulary [0, {1})':
        '采到了 id {0}，超出了词表范围 [0, {1})',
    'drew word {0}, whose count is 0: its probability 0 ** 0.75 / Σ is 0':
        '采到了词 {0}，但它的词频是 0：其概率 0 ** 0.75 / Σ 为 0',
    'ids repeated: their gradients add up':
        'id 有重复：它们的梯度会累加',
    'log σ(x) = -softplus(-x) = F.logsigmoid(x), finite for every x.':
        'log σ(x) = -softplus(-x) = F.logsigmoid(x)，对任意 x 都有限。',
    'log(sigmoid(x)) is -inf once σ(x) underflows to 0: use F.logsigmoid (or -F.softplus(-x))':
        'σ(x) 一旦下溢成 0，log(sigmoid(x)) 就是 -inf：请用 F.logsigmoid（或 -F.softplus(-x)）',
    'loss per pair = -log σ(pos) - Σ_k log σ(-neg): a negative should score LOW, so its term has the minus sign inside σ. Use F.logsigmoid (or -F.softplus(-x)): log(torch.sigmoid(x)) is -inf once σ underflows.':
        '每对的损失 = -log σ(pos) - Σ_k log σ(-neg)：负样本的得分应该低，所以它那一项的负号在 σ 里面。请用 F.logsigmoid（或 -F.softplus(-x)）：σ 一旦下溢，log(torch.sigmoid(x)) 就是 -inf。',
    'one pair':
        '只有一对',
    "one table for both roles: the centre word's vector comes from W_in, the context's and the negatives' from W_out":
        '两种角色共用了一张表：中心词的向量来自 W_in，上下文和负样本的向量来自 W_out',
    'one word: every draw is 0':
        '只有一个词：每次都采到 0',
    'only counted words are drawn':
        '只会采到出现过的词',
    'probs = counts.double() ** 0.75, then torch.multinomial(probs, n, replacement=True, generator=generator).':
        'probs = counts.double() ** 0.75，然后 torch.multinomial(probs, n, replacement=True, generator=generator)。',
    'sampling proportional to the raw counts: word2vec raises them to the power 0.75 first (rare words are drawn more often than their counts say)':
        '按原始词频成比例采样：word2vec 会先取 0.75 次方（低频词被采到的次数比其词频所示的更多）',
    "sigmoid of the wrong sign for the negatives: a negative's term is log σ(-n·v) (it should score low), not log σ(n·v)":
        '负样本的 sigmoid 符号错了：负样本那一项是 log σ(-n·v)（它的得分应该低），而不是 log σ(n·v)',
    "tables swapped: the centre word's vector is W_in[center]; context and negatives come from W_out":
        '两张表用反了：中心词的向量是 W_in[center]；上下文和负样本来自 W_out',
    'the loss summed over the batch instead of averaged':
        '损失对 batch 求和而不是取平均',
    'the negatives averaged over K: word2vec SUMS their K terms':
        '负样本沿 K 取了平均：word2vec 是把 K 项加起来',
    'the pairs':
        '样本对的数量',
    "the prompt's example":
        '题目中的示例',
    'the same {0} pairs given twice changed the loss from {1} to {2}: the loss is the MEAN over the pairs of the batch':
        '同样的 {0} 对重复给两遍后，损失从 {1} 变成了 {2}：损失是 batch 中各对的平均',
    'uniform over the vocabulary: the draws follow counts ** 0.75':
        '在词表上均匀采样：采样应服从 counts ** 0.75',
    "v = W_in[center] (B, D); pos = (W_out[context] * v).sum(-1) (B,); neg = (W_out[negatives] @ v[:, :, None]).squeeze(-1) (B, K): the negatives' dot products with their pair's centre vector.":
        'v = W_in[center] (B, D)；pos = (W_out[context] * v).sum(-1) (B,)；neg = (W_out[negatives] @ v[:, :, None]).squeeze(-1) (B, K)：即各负样本与所在对的中心词向量的点积。',
}
