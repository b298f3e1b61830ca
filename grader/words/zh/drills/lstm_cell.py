"""中文 text of the lstm_cell drill."""
TEXT = {
    '3 steps, state=None, input_size 1':
        '3 步，state=None，input_size 1',
    '4 steps from zeros: c is carried from step to step':
        '从全零开始走 4 步：c 逐步向后传递',
    '5 steps, hidden_size 1':
        '5 步，hidden_size 1',
    '50 steps':
        '50 步',
    'One matrix product per input gives all four gates at once: gates = x @ weight_ih.T + bias_ih + h @ weight_hh.T + bias_hh, shape (B, 4·hidden).':
        '每个输入做一次矩阵乘法，就能一次得到全部四个门：gates = x @ weight_ih.T + bias_ih + h @ weight_hh.T + bias_hh，形状 (B, 4·hidden)。',
    "Split with gates.chunk(4, dim=-1) in PyTorch's order i, f, g, o. i, f and o go through sigmoid (they are gates, in (0, 1)); g goes through tanh (it is the candidate value, in (-1, 1)).":
        '用 gates.chunk(4, dim=-1) 按 PyTorch 的顺序 i、f、g、o 拆开。i、f、o 过 sigmoid（它们是门，取值在 (0, 1)）；g 过 tanh（它是候选值，取值在 (-1, 1)）。',
    'The forget gate scales the previous cell state: c_new = f * c + i * g, not i * g alone.':
        '遗忘门缩放的是上一步的细胞状态：c_new = f * c + i * g，而不只是 i * g。',
    'a batch of 256':
        'batch 为 256',
    'bias_hh left out: both biases are added':
        '漏了 bias_hh：两个偏置都要加',
    'c_new = f * c + i * g carries the old cell state; h_new = o * tanh(c_new). Return (h_new, c_new); when state is None start from x.new_zeros(B, hidden) for both.':
        'c_new = f * c + i * g 把旧的细胞状态传下去；h_new = o * tanh(c_new)。返回 (h_new, c_new)；state 为 None 时，两者都从 x.new_zeros(B, hidden) 开始。',
    "gates split in another order than PyTorch's i, f, g, o (input, forget, cell candidate, output)":
        '门的拆分顺序与 PyTorch 的 i、f、g、o（输入门、遗忘门、候选细胞状态、输出门）不同',
    'h_new = o * c_new: the cell state goes through tanh first, h_new = o * tanh(c_new)':
        'h_new = o * c_new：细胞状态要先过 tanh，h_new = o * tanh(c_new)',
    'input_size 7, hidden_size 2':
        'input_size 7，hidden_size 2',
    'inputs near ±100: saturated gates':
        '接近 ±100 的输入：门饱和',
    'one step from a given state':
        '从给定的状态走一步',
    'one step, state left out (zeros)':
        '走一步，不传 state（全零）',
    'sigmoid on the cell candidate g: it takes tanh (values in (-1, 1)); i, f and o take sigmoid':
        '候选细胞状态 g 用了 sigmoid：应该用 tanh（取值在 (-1, 1)）；i、f、o 用 sigmoid',
    'the batch':
        'batch 大小',
    'the cell state is not carried: c_new = f * c + i * g keeps the old c through the forget gate':
        '细胞状态没有向后传递：c_new = f * c + i * g 通过遗忘门保留旧的 c',
    "the prompt's x and state (the grader's weights)":
        '题目中的 x 和状态（评分器的权重）',
    'the state modified in place: return new tensors':
        '原地修改了状态：应返回新的张量',
    'the state passed in is ignored: every step starts again from zeros':
        '忽略了传入的状态：每一步都重新从全零开始',
    "weight_ih's rows are the blocks i, f, g, o: i, f, g, o = gates.chunk(4, dim=-1).":
        'weight_ih 的行依次是 i、f、g、o 四块：i, f, g, o = gates.chunk(4, dim=-1)。',
    'weights not transposed: weight_ih is (4·hidden, input), so x @ weight_ih.T':
        '权重没有转置：weight_ih 是 (4·hidden, input)，所以要 x @ weight_ih.T',
}
