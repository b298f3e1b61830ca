"""中文 text of the roi_align drill."""
TEXT = {
    '40 boxes, 7x7 bins, stride 8':
        '40 个框，7x7 个 bin，stride 8',
    "Bilinear per axis: zero where y < -1 or y > H; else y = y.clamp(0, H - 1), y0 = y.floor().long(), y1 = (y0 + 1).clamp(max=H - 1), ly = y - y0. The 2-D value is a product of the two axes' weights.":
        '按轴分别做线性插值：y < -1 或 y > H 处为 0；否则 y = y.clamp(0, H - 1)，y0 = y.floor().long()，y1 = (y0 + 1).clamp(max=H - 1)，ly = y - y0。二维的值用两个轴的权重相乘得到。',
    'Gather input[b][:, y0, x0] etc. with advanced indexing (K, C, ph·s, pw·s), combine the four corners with their weights, then view as (K, C, ph, s, pw, s) and mean over the two s axes.':
        '用高级索引取出 input[b][:, y0, x0] 等，形状 (K, C, ph·s, pw·s)，把四个角按权重加权求和，再 view 成 (K, C, ph, s, pw, s)，在两个 s 维上取平均。',
    'Map coordinates first: start = x1 · spatial_scale - 0.5 (aligned=True), end likewise; bin = (end - start) / pw. Sample i of bin q sits at start + (q·s + i + 0.5) · (end - start) / (pw·s): make all pw·s of them at once, shape (K, pw·s).':
        '先换到特征图坐标：start = x1 · spatial_scale - 0.5（aligned=True），end 同理；bin = (end - start) / pw。bin q 的第 i 个采样点位于 start + (q·s + i + 0.5) · (end - start) / (pw·s)：一次算出全部 pw·s 个，形状 (K, pw·s)。',
    "Or as matrices: per axis build (K, ph·s, H) interpolation weights (one_hot(y0)·(1 - ly) + one_hot(y1)·ly, times the validity), average each bin's s rows, and einsum('kph,kchw,kqw->kcpq', wy, input[b], wx).":
        "也可以写成矩阵：每个轴构造 (K, ph·s, H) 的插值权重（one_hot(y0)·(1 - ly) + one_hot(y1)·ly，再乘以有效性掩码），对每个 bin 的 s 行取平均，然后 einsum('kph,kchw,kqw->kcpq', wy, input[b], wx)。",
    'a box inside one pixel, image 1':
        '落在单个像素内的框，第 1 张图像',
    'a box over the whole 4x5 map (image 10x8 at spatial_scale 0.5), pooled to (4, 5) with sampling_ratio=1, must give the map itself: its sample (p, q) lands on pixel centre (p, q) once the 0.5 offset is subtracted; max |diff| {0}':
        '覆盖整张 4x5 特征图的框（图像 10x8，spatial_scale 0.5），以 sampling_ratio=1 池化到 (4, 5)，结果应就是特征图本身：减去 0.5 偏移后，采样点 (p, q) 正好落在像素中心 (p, q)；最大 |diff| 为 {0}',
    'a map of one column':
        '只有一列的特征图',
    'a map of one row':
        '只有一行的特征图',
    "bilinear weights off by one at the far border: past the last pixel centre (y > H − 1), clamp y to H − 1 so that the value is the edge pixel's, not extrapolated":
        '远端边界处的双线性权重差了一格：超过最后一个像素中心（y > H − 1）时，把 y 截断到 H − 1，取边缘像素的值，而不是外推',
    'bilinear weights swapped: the pixel after floor(y) weighs ly = y − floor(y), the one at floor(y) 1 − ly':
        '双线性权重弄反了：floor(y) 后一个像素的权重是 ly = y − floor(y)，floor(y) 处像素的权重是 1 − ly',
    "box corners rounded to whole pixels (RoIPool's quantisation): RoIAlign keeps them continuous":
        '框的角点取整到整像素（RoIPool 的量化）：RoIAlign 保持连续坐标',
    'boxes across every border, on two images':
        '两张图像上、跨过各条边界的框',
    'boxes of zero width or height':
        '宽或高为零的框',
    'expected a {0} tensor for two boxes over (2, 3, 4, 5) maps':
        '两个框、(2, 3, 4, 5) 的特征图，应返回形状为 {0} 的张量',
    'features near ±1000':
        '接近 ±1000 的特征',
    "max of the samples (RoIPool's max): RoIAlign averages them":
        '对采样点取了最大值（RoIPool 的 max）：RoIAlign 取平均',
    'no boxes':
        '没有框',
    'one sample per bin: each bin averages sampling_ratio x sampling_ratio samples':
        '每个 bin 只采样一次：每个 bin 应对 sampling_ratio x sampling_ratio 个采样点取平均',
    "pixel-centre offset missing (aligned=False's coordinates): aligned=True subtracts 0.5 after scaling, since pixel i's value sits at i + 0.5":
        '缺了像素中心偏移（aligned=False 的坐标）：aligned=True 在缩放后减 0.5，因为像素 i 的值位于 i + 0.5',
    "samples at the bins' corners: sample iy sits at (iy + 0.5) · bin / s, the centres of an s x s grid":
        '采样点放在了 bin 的角上：第 iy 个采样点位于 (iy + 0.5) · bin / s，即 s x s 网格的中心',
    'samples more than one pixel outside clamped to the edge: beyond y < −1 or y > H they are 0 (and still count in the mean)':
        '在图外超过一个像素的采样点被截断到了边缘：y < −1 或 y > H 时应为 0（且仍计入平均）',
    'samples outside [0, H − 1] set to 0: within one pixel of the map (−1 <= y <= H) they take the clamped edge value; only farther ones are 0':
        '[0, H − 1] 之外的采样点被设为 0：距特征图一个像素以内（−1 <= y <= H）应取截断后的边缘值；只有更远的才是 0',
    'spatial_scale 1/4: corners in image pixels':
        'spatial_scale 1/4：角点以图像像素为单位',
    'the 0.5 offset subtracted before scaling: x1 · spatial_scale − 0.5, the offset in map pixels':
        '在缩放之前减了 0.5：应是 x1 · spatial_scale − 0.5，偏移以特征图像素为单位',
    'the batch index ignored: box k is pooled from image rois[k, 0]':
        '忽略了 batch 索引：第 k 个框应从图像 rois[k, 0] 上池化',
    'the boxes':
        '框的数量',
    "the prompt's first example":
        '题目中的第一个示例',
    "the prompt's second example: a sample past the last column":
        '题目中的第二个示例：采样点超过最后一列',
    "the prompt's third example: samples more than a pixel outside":
        '题目中的第三个示例：采样点在图外超过一个像素',
    'the whole map at its resolution is the map':
        '以原分辨率池化整张特征图，得到的就是特征图本身',
    'two boxes inside a 5x6 map, sampling_ratio 3':
        '5x6 特征图内的两个框，sampling_ratio 3',
    'x and y swapped: a box is [batch_index, x1, y1, x2, y2], x along W':
        'x 和 y 弄反了：框是 [batch_index, x1, y1, x2, y2]，x 沿 W 方向',
    'x_start = x1 * spatial_scale - 0.5: the 0.5 is in map pixels, after the scale.':
        'x_start = x1 * spatial_scale - 0.5：这个 0.5 以特征图像素为单位，在缩放之后减。',
}
