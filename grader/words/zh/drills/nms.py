"""中文 text of the nms drill."""
TEXT = {
    '10 overlapping boxes of size 0.5 to 6.5':
        '10 个相互重叠、大小 0.5 到 6.5 的框',
    '120 boxes':
        '120 个框',
    '150 x 120 boxes':
        '150 x 120 个框',
    "24 boxes with four score values: torch's unstable sort reorders ties past 16 elements":
        '24 个框只有四种分数：超过 16 个元素时 torch 的不稳定排序会打乱相同分数的顺序',
    '5 x 7 continuous boxes':
        '5 x 7 个连续坐标的框',
    '8 boxes on an integer grid':
        '整数网格上的 8 个框',
    'IoU = inter / (area1[:, None] + area2[None, :] - inter), areas (x2 - x1) · (y2 - y1) with no + 1.':
        'IoU = inter / (area1[:, None] + area2[None, :] - inter)，面积为 (x2 - x1) · (y2 - y1)，不加 1。',
    'IoU exactly 0.5 with the threshold 0.5 (not suppressed), and exactly 0.25':
        'IoU 恰为 0.5、阈值为 0.5（不抑制），以及恰为 0.25',
    "The +1 belongs to integer pixel-index boxes (old VOC code). torchvision's boxes are continuous: area = (x2 - x1) * (y2 - y1), overlap = (min x2 - max x1).clamp(min=0).":
        '+1 属于以整数像素索引表示的框（老的 VOC 代码）。torchvision 的框是连续坐标：area = (x2 - x1) * (y2 - y1)，overlap = (min x2 - max x1).clamp(min=0)。',
    'Walk the boxes in score order, and let box i suppress others only if i itself was kept.':
        '按分数顺序遍历各个框，只有框 i 自己被保留时，才让它去抑制其他框。',
    'When box i is kept: keep.append(i); suppressed |= iou[i] > iou_threshold (strict). Return order[keep] — indices into the original boxes, in the order kept.':
        '框 i 被保留时：keep.append(i)；suppressed |= iou[i] > iou_threshold（严格大于）。返回 order[keep]——原始框的索引，按保留的先后顺序。',
    'a box inside another, and a box with itself':
        '一个框在另一个框内部，以及框与自身',
    'a box suppressed by a box that was itself suppressed: only kept boxes suppress':
        '框被一个本身已被抑制的框抑制了：只有保留下来的框才能抑制别的框',
    "box_iou: broadcast boxes1[:, None, :2] against boxes2[None, :, :2]: the intersection's top-left corner is their elementwise maximum, its bottom-right the minimum of the [.., 2:] corners; clamp(min=0) the width and height so disjoint boxes overlap by 0.":
        'box_iou：把 boxes1[:, None, :2] 与 boxes2[None, :, :2] 广播：交集的左上角是二者逐元素的最大值，右下角是 [.., 2:] 角点的最小值；对宽和高做 clamp(min=0)，让不相交的框重叠为 0。',
    'boxes apart on both axes: the overlaps are negative twice':
        '两个轴上都分开的框：两个方向的重叠都是负数',
    'boxes filtered by their score (score > threshold) instead of suppressed by their IoU with a kept box':
        '按分数过滤框（score > threshold），而不是按与已保留框的 IoU 来抑制',
    'boxes in pixels (x100)':
        '像素尺度的框（x100）',
    'boxes not sorted by score: the greedy pass visits them in decreasing score':
        '框没有按分数排序：贪心过程应按分数从高到低访问',
    'boxes of size ~0.01':
        '大小约 0.01 的框',
    'boxes or scores modified in place (e.g. a sort_ or a score set to -inf): work on copies':
        '原地修改了 boxes 或 scores（例如 sort_，或把分数设为 -inf）：请在副本上操作',
    'boxes read as (x, y, w, h): they are corners (x1, y1, x2, y2)':
        '把框当成 (x, y, w, h)：它们是角点 (x1, y1, x2, y2)',
    'coordinates near 1e4':
        '接近 1e4 的坐标',
    'equal scores in no fixed order: argsort(descending=True) without stable=True reorders ties (on the CPU past 16 elements); ties go to the lower index, argsort(descending=True, stable=True)':
        '相同分数的顺序不固定：不带 stable=True 的 argsort(descending=True) 会打乱相同分数（CPU 上超过 16 个元素时）；分数相同时索引小的在前，用 argsort(descending=True, stable=True)',
    'equal scores put the higher index first (argsort ascending, then flipped): ties go to the lower index (a stable descending sort)':
        '分数相同时索引大的排在前面（升序 argsort 再翻转）：应是索引小的在前（稳定的降序排序）',
    'equal scores: the lower index first':
        '分数相同：索引小的在前',
    'kept indices returned in index order: return them in the order kept (decreasing score)':
        '保留的索引按索引大小返回：应按保留的先后顺序返回（分数从高到低）',
    'nms: order = scores.argsort(descending=True, stable=True) (ties: lower index first); iou = box_iou of the boxes in that order; walk i over the order, skipping suppressed boxes.':
        'nms：order = scores.argsort(descending=True, stable=True)（分数相同时索引小的在前）；iou = 按此顺序排列的框的 box_iou；让 i 按这个顺序遍历，跳过已被抑制的框。',
    'no boxes':
        '没有框',
    'no boxes1':
        'boxes1 为空',
    'no boxes2':
        'boxes2 为空',
    'one box':
        '一个框',
    'order = scores.argsort(descending=True, stable=True), then walk the boxes in that order.':
        'order = scores.argsort(descending=True, stable=True)，然后按这个顺序遍历各个框。',
    'scores on both sides of the threshold':
        '分数分布在阈值两侧',
    'suppressed when IoU >= threshold: only an IoU strictly above it suppresses':
        'IoU >= 阈值时就抑制：只有 IoU 严格大于阈值才抑制',
    "the +1 pixel convention: coordinates are continuous, so a box's width is x2 - x1 (no + 1)":
        '用了 +1 像素的约定：坐标是连续的，框的宽度是 x2 - x1（不加 1）',
    'the boxes':
        '框的数量',
    'the kept boxes returned instead of their indices':
        '返回了保留的框本身，而不是它们的索引',
    "the overlap's width and height not clamped at 0: two negative overlaps multiply to a positive intersection":
        '重叠的宽和高没有截断到 0：两个负的重叠相乘得到正的交集',
    "the prompt's example":
        '题目中的示例',
    'threshold 0: any overlap suppresses, touching does not':
        '阈值为 0：任何重叠都会抑制，仅接触不会',
    'threshold 1: identical boxes (IoU 1) are both kept':
        '阈值为 1：完全相同的框（IoU 1）都被保留',
    'touching boxes: IoU 0':
        '相接触的框：IoU 为 0',
    'union = area1 + area2, without subtracting the intersection':
        'union = area1 + area2，没有减去交集',
}
