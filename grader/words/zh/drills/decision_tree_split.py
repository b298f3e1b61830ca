"""中文 text of the decision_tree_split drill."""
TEXT = {
    '0 · log 0 evaluated as 0 · (-inf) = NaN: a class with no samples contributes 0':
        '0 · log 0 被算成了 0 · (-inf) = NaN：没有样本的类别贡献应为 0',
    'A cut between sorted positions i and i + 1 is a candidate only where the values differ (x[i] < x[i+1]); mask the others with -inf. Weight the children: (n_left · I(left) + n_right · I(right)) / n.':
        '排序后位置 i 和 i + 1 之间的切分点，只有在取值不同时（x[i] < x[i+1]）才是候选；其余的用 -inf 屏蔽。对子节点加权：(n_left · I(left) + n_right · I(right)) / n。',
    'A split that peels off one sample of a pure class has a pure child; averaging the two children makes it look as good as a balanced split. Weight each by its share of samples.':
        '只剥离出一个样本的划分会得到一个纯的子节点；对两个子节点直接取平均，会让它看起来和均衡的划分一样好。应按各自的样本占比加权。',
    'All cuts of a feature at once: sort the column, one-hot the labels in that order and take cumsum(0): row i holds the class counts of the i + 1 smallest samples (left), total - that is the right side.':
        '一次处理一个特征的所有切分点：对该列排序，按这个顺序把标签 one-hot 后做 cumsum(0)：第 i 行是最小的 i + 1 个样本（左侧）的类别计数，用总数减去它就是右侧。',
    'Divide by torch.where(n > 0, n, 1): the proportions of an empty node are then 0, and so is its impurity once 1 - Σ p² is masked with n > 0.':
        '除以 torch.where(n > 0, n, 1)：这样空节点的比例都是 0，再用 n > 0 屏蔽 1 - Σ p²，它的不纯度也就是 0。',
    "Impurities of many nodes at once: p = counts / n with n = counts.sum(-1, keepdim=True), guarding n = 0 (torch.where(n > 0, n, 1)); entropy's 0 · log 0 term is 0, so take log2 of torch.where(p > 0, p, 1).":
        '一次计算许多节点的不纯度：p = counts / n，其中 n = counts.sum(-1, keepdim=True)，并防止 n = 0（torch.where(n > 0, n, 1)）；熵中的 0 · log 0 项为 0，所以对 torch.where(p > 0, p, 1) 取 log2。',
    'The tie rule: tied = decrease >= decrease.max() - 1e-9 over a (d, n - 1) layout (features, then sorted cuts), and the first True in that order is the answer. Work in float64 so real ties stay within 1e-9.':
        '并列规则：在 (d, n - 1) 的布局（先特征，再排序后的切分点）上 tied = decrease >= decrease.max() - 1e-9，按这个顺序第一个 True 就是答案。用 float64 计算，这样真正的并列能保持在 1e-9 以内。',
    'a pure node: every decrease is 0; feature 0 is constant':
        '纯节点：所有下降量都为 0；特征 0 是常数',
    'an empty node (counts all 0) gives 0 / 0 = NaN: its impurity is 0':
        '空节点（计数全为 0）得到了 0 / 0 = NaN：它的不纯度应为 0',
    "an empty node's Gini is 1 (1 - Σ p² with every p = 0): its impurity is 0":
        '空节点的 Gini 为 1（所有 p = 0 时的 1 - Σ p²）：它的不纯度应为 0',
    "children's impurities not weighted by their sizes: the decrease is I(parent) - (n_left / n) · I(left) - (n_right / n) · I(right)":
        '子节点的不纯度没有按样本数加权：下降量是 I(parent) - (n_left / n) · I(left) - (n_right / n) · I(right)',
    'decreases computed in float32: exact ties come out up to 1e-7 apart, wider than the 1e-9 the tie rule allows; compute in float64':
        '用 float32 计算下降量：真正的并列会相差到 1e-7，超过了并列规则允许的 1e-9；请用 float64 计算',
    'entropy in nats (natural log): the prompt asks for bits, log2':
        '熵用了 nat（自然对数）：题目要求的是 bit，即 log2',
    'every node empty':
        '所有节点都为空',
    'exact ties that float32 arithmetic turns into a 1e-8 gap':
        '真正的并列，在 float32 运算下变成相差 1e-8',
    'exact ties that float32 arithmetic turns into a 1e-8 gap (entropy)':
        '真正的并列，在 float32 运算下变成相差 1e-8（entropy）',
    'exact ties that float64 rounding splits by one ulp':
        '真正的并列，被 float64 舍入拉开一个 ulp',
    'exact ties that float64 rounding splits by one ulp (entropy)':
        '真正的并列，被 float64 舍入拉开一个 ulp（entropy）',
    'float64 features':
        'float64 的特征',
    'float64, fractional counts':
        'float64，计数为小数',
    'labels with gaps, repeated values':
        '不连续的标签，重复的取值',
    'one class':
        '只有一个类别',
    'one node, classes with no samples':
        '一个节点，有没有样本的类别',
    'p * log2(torch.where(p > 0, p, 1)): the log of 1 is 0, so absent classes add nothing.':
        'p * log2(torch.where(p > 0, p, 1))：1 的对数是 0，所以不存在的类别不贡献任何值。',
    "the prompt's example":
        '题目中的示例',
    "the prompt's example, entropy":
        '题目中的示例，entropy',
    "the prompt's example: a tie between two features":
        '题目中的示例：两个特征之间并列',
    'threshold at a data point (the left value): the threshold is midway between consecutive distinct values, (a + b) / 2':
        '阈值落在了数据点上（左侧的值）：阈值应取相邻两个不同取值的中点 (a + b) / 2',
    'tied = decrease >= decrease.max() - 1e-9, then the first in feature-major, threshold-ascending order.':
        'tied = decrease >= decrease.max() - 1e-9，然后按先特征、再阈值升序的顺序取第一个。',
    'ties broken towards the last candidate (`>=` in a loop): the lowest feature wins, then the lowest threshold':
        '并列时取了最后一个候选（循环中用了 `>=`）：应是特征下标最小的获胜，再取阈值最小的',
    'ties compared exactly (decrease == max): float rounding makes equal decreases differ in their last digits; count decreases within 1e-9 of the largest as tied':
        '并列用精确相等比较（decrease == max）：浮点舍入会让相等的下降量在最后几位上不同；与最大值相差在 1e-9 以内的都算并列',
    'two leading dims':
        '两个前置维度',
    'two samples':
        '两个样本',
}
