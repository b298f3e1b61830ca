"""中文 text of the tensor_parallel_mlp drill."""
TEXT = {
    '2 ranks':
        '2 个 rank',
    '3 ranks, tokens (B, S, d_model)':
        '3 个 rank，token 形状 (B, S, d_model)',
    '4 ranks':
        '4 个 rank',
    'Autograd cannot see dist.all_reduce. Write two torch.autograd.Functions: g (forward: clone and all_reduce, backward: return grad as is) after fc2, and f (forward: identity, backward: clone the grad and all_reduce it) applied to x before fc1.':
        'autograd 看不到 dist.all_reduce。写两个 torch.autograd.Function：fc2 之后用 g（前向：clone 后 all_reduce；反向：原样返回 grad），fc1 之前对 x 用 f（前向：恒等；反向：clone 梯度再 all_reduce）。',
    'Forward needs no communication until fc2: gelu acts on each feature alone, so each rank computes h_r = gelu(x @ W1_r.T + b1_r) and the partial y_r = h_r @ W2_r.T; the sum of the y_r over ranks is the unsharded x @ W2.T. Add fc2_bias once, after the all-reduce.':
        '前向在 fc2 之前都不需要通信：gelu 逐特征作用，所以每个 rank 算 h_r = gelu(x @ W1_r.T + b1_r) 和部分和 y_r = h_r @ W2_r.T；各 rank 的 y_r 之和就是未切分的 x @ W2.T。在 all-reduce 之后只加一次 fc2_bias。',
    "all-reduce after both layers: fc1's outputs are different features on each rank, so nothing is summed after fc1; the one all-reduce comes after fc2":
        '两层之后都做了 all-reduce：fc1 的输出在各 rank 上是不同的特征，所以 fc1 之后不需要求和；唯一的 all-reduce 在 fc2 之后',
    "fc1 is column-parallel: rank r keeps rows r*d_ff/N .. (r+1)*d_ff/N of fc1_weight (its output features) and of fc1_bias; fc2 is row-parallel: the same slice of fc2_weight's columns (dim 1). fc2_bias stays whole.":
        'fc1 是列并行：rank r 保留 fc1_weight（其输出特征）和 fc1_bias 的第 r*d_ff/N .. (r+1)*d_ff/N 行；fc2 是行并行：取 fc2_weight 的列（dim 1）的同一切片。fc2_bias 保持完整。',
    "fc2's bias added on every rank before the all-reduce, so it is summed N times: add it once, after the reduce":
        'fc2 的偏置在 all-reduce 之前就在每个 rank 上加了，结果被加了 N 次：应在归约之后只加一次',
    "no all-reduce of x's gradient in backward: each rank's fc1 sees only its slice of d_ff, so x's gradient is the sum over ranks (identity forward, all-reduce backward)":
        '反向中没有对 x 的梯度做 all-reduce：每个 rank 的 fc1 只看到自己的 d_ff 切片，所以 x 的梯度是各 rank 之和（前向恒等，反向 all-reduce）',
    'one feature of d_ff per rank':
        '每个 rank 只分到 d_ff 的一个特征',
    "shards cut along the wrong dim of the weight: nn.Linear's weight is (out, in), so column-parallel fc1 splits dim 0 and row-parallel fc2 splits dim 1":
        '沿权重的错误维度切分：nn.Linear 的权重是 (out, in)，所以列并行的 fc1 切 dim 0，行并行的 fc2 切 dim 1',
    "the prompt's example sizes: 2 ranks, d_model 1, d_ff 2":
        '题目中示例的大小：2 个 rank，d_model 1，d_ff 2',
}
