"""中文 text of the knn drill."""
TEXT = {
    '((x_test[:, None, :] - x_train[None, :, :]) ** 2).sum(-1) is exact wherever the coordinates are; the expanded form loses every digit once |x|² is 1e8 times the distance.':
        '((x_test[:, None, :] - x_train[None, :, :]) ** 2).sum(-1) 无论坐标在哪里都是精确的；而展开式一旦 |x|² 是距离的 1e8 倍，有效数字就全部丢失。',
    '2000 training points':
        '2000 个训练点',
    '64 dimensions':
        '64 维',
    'All distances at once: d2 = ((x_test[:, None, :] - x_train[None, :, :]) ** 2).sum(-1) is (m, n). Ranking by d2 is ranking by distance: no sqrt needed.':
        '一次算出所有距离：d2 = ((x_test[:, None, :] - x_train[None, :, :]) ** 2).sum(-1)，形状 (m, n)。按 d2 排序就是按距离排序：不需要 sqrt。',
    'Far from the origin |a|² + |b|² - 2 a·b subtracts numbers near 1e8 to get numbers near 1: the difference form (a - b)² is exact there.':
        '远离原点时，|a|² + |b|² - 2 a·b 是用接近 1e8 的数相减得到接近 1 的数：而差值形式 (a - b)² 在那里是精确的。',
    'Sort the distances with d2.argsort(dim=1, stable=True): equal values keep their index order.':
        '用 d2.argsort(dim=1, stable=True) 对距离排序：相等的值保持原来的下标顺序。',
    'The k nearest with ties to the smaller index: d2.argsort(dim=1, stable=True)[:, :k] (topk does not promise any order among equal values).':
        '最近的 k 个，并列时取下标较小的：d2.argsort(dim=1, stable=True)[:, :k]（topk 不保证相等值之间的顺序）。',
    'Votes without a loop: counts = zeros(m, C).scatter_add_(1, y_train[idx], ones); counts.argmax(1) returns the first maximum, i.e. the smallest label among the tied ones.':
        '不用循环计票：counts = zeros(m, C).scatter_add_(1, y_train[idx], ones)；counts.argmax(1) 返回第一个最大值，也就是并列标签中最小的那个。',
    'distances as |a|² + |b|² - 2a·b: far from the origin the subtraction cancels (the squared distance can even come out negative, and its sqrt NaN); compute the squared differences (a - b)²':
        '用 |a|² + |b|² - 2a·b 算距离：远离原点时相减会抵消有效数字（平方距离甚至可能为负，开方得到 NaN）；应计算平方差 (a - b)²',
    'duplicate training points with different labels':
        '标签不同的重复训练点',
    'equal distances at the k-th neighbour':
        '第 k 个近邻处距离并列',
    'equal distances not broken towards the smaller training index (sort with argsort(..., stable=True); topk promises no order among equal values)':
        '距离并列时没有取训练下标较小的（用 argsort(..., stable=True) 排序；topk 不保证相等值之间的顺序）',
    'expected a LongTensor (m,) of predictions':
        '应返回预测结果组成的 LongTensor (m,)',
    'float64':
        'float64',
    'k = n: every training point votes':
        'k = n：每个训练点都投票',
    'k=4: vote ties':
        'k=4：投票并列',
    'labels 0, 3, 6 (gaps)':
        '标签 0, 3, 6（不连续）',
    'n=12, m=6, d=2, k=3':
        'n=12，m=6，d=2，k=3',
    'on grid points ({0} training, {1} test, k = {2}, no ties), moving every point by ({3}, {4}) changed {5} of {6} predictions (test point {7}: {8} near the origin, {9} far from it); distances do not change when all points move together':
        '在网格点上（{0} 个训练点，{1} 个测试点，k = {2}，无并列），把所有点平移 ({3}, {4}) 后，{6} 个预测中有 {5} 个变了（测试点 {7}：在原点附近为 {8}，远离原点时为 {9}）；所有点一起平移时距离不应改变',
    'one test point, d = 1':
        '一个测试点，d = 1',
    'one training point':
        '一个训练点',
    'same predictions far from the origin':
        '远离原点时预测相同',
    "the prompt's example":
        '题目中的示例',
    'the test points':
        '测试点数',
    'vote ties broken towards the largest label: the smallest tied label wins':
        '投票并列时取了最大的标签：应是并列标签中最小的获胜',
    "vote ties go to the nearest neighbour's label: the rule is the smallest tied label":
        '投票并列时取了最近邻的标签：规则是取并列标签中最小的',
}
