"""中文 text of the triplet_loss drill."""
TEXT = {
    '4096 pairs':
        '4096 对',
    'D = 1, margin 0':
        'D = 1，margin 为 0',
    'Mask the diagonal out of the positives (same & ~torch.eye(N, dtype=bool)), and leave out of the mean the anchors whose class has no other row.':
        '把对角线从正样本中掩掉（same & ~torch.eye(N, dtype=bool)），并把所在类没有其他行的 anchor 排除在平均之外。',
    'Positives: same & ~eye (never the anchor itself); negatives: ~same. Hardest positive: dist.masked_fill(~pos, -inf).amax(1); hardest negative: dist.masked_fill(~neg, inf).amin(1).':
        '正样本：same & ~eye（绝不包括 anchor 自己）；负样本：~same。最难正样本：dist.masked_fill(~pos, -inf).amax(1)；最难负样本：dist.masked_fill(~neg, inf).amin(1)。',
    'a batch of 256 in 16 classes':
        '256 个样本、16 个类的 batch',
    "a factor 1/2 (Hadsell's paper has one; the prompt does not)":
        '多乘了 1/2（Hadsell 的论文里有，题目没有）',
    'averaged over every anchor: anchors with no positive or no negative have no triplet and are left out of the mean':
        '对所有 anchor 取了平均：没有正样本或没有负样本的 anchor 没有三元组，应排除在平均之外',
    'batch-all: averaged over every valid triplet instead of the hardest one per anchor':
        'batch-all：对所有合法三元组取平均，而不是每个 anchor 只取最难的那个',
    'contrastive_loss: d = (x1 - x2).norm(dim=-1); torch.where(same, d ** 2, F.relu(margin - d) ** 2).mean()':
        'contrastive_loss：d = (x1 - x2).norm(dim=-1); torch.where(same, d ** 2, F.relu(margin - d) ** 2).mean()',
    'dissimilar pairs inside a margin of 2':
        '落在 margin 2 以内的异类对',
    'dist = (x[:, None] - x[None, :]).norm(dim=-1) is the (N, N) matrix of plain distances (its gradient at the zero diagonal is 0). same = labels[:, None] == labels[None, :].':
        'dist = (x[:, None] - x[None, :]).norm(dim=-1) 是普通距离构成的 (N, N) 矩阵（在为 0 的对角线上梯度为 0）。same = labels[:, None] == labels[None, :]。',
    'embeddings near ±100':
        '接近 ±100 的嵌入',
    'embeddings near ±1000':
        '接近 ±1000 的嵌入',
    'every row its own class: no triplet, loss 0':
        '每行自成一类：没有三元组，损失为 0',
    'four classes of two, default margin':
        '四个类、每类两行，默认 margin',
    "hardest negative taken over every other row, the anchor's own class included: negatives are the rows of OTHER classes (~same)":
        '最难负样本是在所有其他行中取的，连 anchor 的同类也算进去了：负样本是其他类的行（~same）',
    'labels inverted: same = True pulls the pair together (d²), False pushes it out to the margin':
        '标签用反了：same = True 时把这对拉近（d²），False 时推到 margin 之外',
    'one class of two and three classes of one row: only two anchors have a triplet':
        '一个类有两行、三个类各一行：只有两个 anchor 有三元组',
    'one class: no negative, loss 0':
        '只有一个类：没有负样本，损失为 0',
    'one pair, margin 5':
        '只有一对，margin 为 5',
    'one row':
        '只有一行',
    'shuffling the batch changes nothing':
        '打乱 batch 不改变结果',
    'shuffling the rows (each with its label) changed the loss from {0} to {1}: every row is an anchor and the loss is their mean, whatever their order':
        '打乱各行（连同各自的标签）后损失从 {0} 变成了 {1}：每一行都是 anchor，损失是它们的平均，与顺序无关',
    'similar pairs cost d, not d²':
        '同类对的代价用了 d，而不是 d²',
    'similar pairs only':
        '只有同类对',
    'six pairs, default margin':
        '六对，默认 margin',
    "sqrt of squared distances without a clamp away from 0: the diagonal's distance is 0, where sqrt's slope is infinite, so the gradient is NaN":
        '对平方距离开 sqrt 前没有 clamp 离开 0：对角线上的距离为 0，sqrt 在该处斜率无穷大，于是梯度为 NaN',
    "squared distances: the prompt's d is the plain Euclidean distance ‖a − b‖ (as F.triplet_margin_loss), so the margin is in the units of the distance":
        '用了平方距离：题目中的 d 是普通欧氏距离 ‖a − b‖（与 F.triplet_margin_loss 一致），所以 margin 的单位是距离的单位',
    'summed over the pairs instead of averaged':
        '对各对求和而不是取平均',
    'swapping the sides of the pairs changes nothing':
        '交换每对的两侧不改变结果',
    "swapping x1 and x2 changed the loss from {0} to {1}: it depends on the pairs' distances alone":
        '交换 x1 和 x2 后损失从 {0} 变成了 {1}：它只应取决于各对的距离',
    'the anchor counted as its own positive (distance 0): positives are same & ~eye, and an anchor alone in its class has no triplet':
        '把 anchor 当成了自己的正样本（距离为 0）：正样本是 same & ~eye，独占一类的 anchor 没有三元组',
    'the anchors':
        'anchor 的数量',
    'the farthest negative taken: batch-hard mines the NEAREST negative (min)':
        '取了最远的负样本：batch-hard 挖的是最近的负样本（min）',
    'the hinge not squared: dissimilar pairs cost max(0, margin − d)²':
        'hinge 没有平方：异类对的代价是 max(0, margin − d)²',
    'the margin compared with the squared distance: the hinge is max(0, margin − d)², d plain':
        '拿 margin 和平方距离比较了：hinge 是 max(0, margin − d)²，d 不取平方',
    'the nearest positive taken: batch-hard mines the FARTHEST positive (max) and the nearest negative':
        '取了最近的正样本：batch-hard 挖的是最远的正样本（max）和最近的负样本',
    'the pairs':
        '样本对的数量',
    "the prompt's example":
        '题目中的示例',
    'two classes of three: the farthest positive and the nearest negative differ from the others':
        '两个类、每类三行：最远的正样本和最近的负样本与其他的不同',
    'valid = pos.any(1) & neg.any(1); loss = F.relu(d_pos - d_neg + margin)[valid]; return loss.sum() / valid.sum().clamp(min=1) (0 when no anchor has a triplet).':
        'valid = pos.any(1) & neg.any(1); loss = F.relu(d_pos - d_neg + margin)[valid]; return loss.sum() / valid.sum().clamp(min=1)（没有 anchor 有三元组时为 0）。',
    'well separated classes: every hinge is 0':
        '各类分得很开：每个 hinge 都是 0',
}
