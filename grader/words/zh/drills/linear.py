"""中文 text of the linear drill."""
TEXT = {
    'With bias=None there is no bias term: add it only `if bias is not None`.':
        'bias=None 时没有偏置项：只在 `if bias is not None` 时才加。',
    '`@` (torch.matmul) treats every leading dim of x as a batch dim: no reshape, no loop needed. torch.mm and .t() only know 2-D matrices.':
        '`@`（torch.matmul）把 x 前面的每一维都当作 batch 维：不需要 reshape，也不需要循环。torch.mm 和 .t() 只认二维矩阵。',
    'bias left out, (B, S, d_in) input':
        '不传 bias，输入形状 (B, S, d_in)',
    'bias=None':
        'bias=None',
    'bias=None not handled (adding None)':
        '没有处理 bias=None（加上了 None）',
    'changing the first row of x changed the output of another row by {0}: each row must be mapped on its own':
        '改动 x 的第一行，另一行的输出变了 {0}：每一行必须各自独立地变换',
    'd_in = 1':
        'd_in = 1',
    'd_out = 1, four dims':
        'd_out = 1，四维输入',
    'empty batch':
        '空 batch',
    'expected a tensor of shape {0}, got {1}':
        '期望形状为 {0} 的张量，得到的是 {1}',
    'inputs near ±1000':
        '接近 ±1000 的输入',
    'long rows':
        '很长的行',
    'rows independent':
        '各行相互独立',
    'square weight':
        '方阵 weight',
    "the prompt's example":
        '题目中的示例',
    'the rows of x':
        'x 的行数',
    "weight is (d_out, d_in), one row per output: each output feature is the dot product of x's last dim with one row of weight, so you multiply by weight transposed.":
        'weight 的形状是 (d_out, d_in)，每个输出一行：每个输出特征是 x 的最后一维与 weight 某一行的点积，所以要乘以 weight 的转置。',
    'weight is (d_out, d_in): x (..., d_in) @ weight.T (d_in, d_out) gives (..., d_out).':
        'weight 的形状是 (d_out, d_in)：x (..., d_in) @ weight.T (d_in, d_out) 得到 (..., d_out)。',
    "weight transposed in place (weight.t_()): the caller's weight is changed":
        '原地转置了 weight（weight.t_()）：调用者的 weight 被改掉了',
    'works only for 2-D x (torch.mm / .t() know only matrices; use @ over the leading dims)':
        '只对二维 x 有效（torch.mm / .t() 只认矩阵；用 @ 处理前面的各维）',
    'x @ weight instead of x @ weight.T (weight is (d_out, d_in))':
        '写成 x @ weight 而不是 x @ weight.T（weight 的形状是 (d_out, d_in)）',
    'x with no leading dims':
        '没有前置维度的 x',
    'y = x @ weight.T; add bias only when it is not None (a new tensor, not in place); return y':
        'y = x @ weight.T；仅当 bias 不是 None 时才加上（生成新张量，不要原地修改）；return y',
}
