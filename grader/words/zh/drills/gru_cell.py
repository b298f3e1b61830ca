"""中文 text of the gru_cell drill."""
TEXT = {
    '(1 - z) on the wrong term: h_new = (1 - z) * n + z * h (z near 1 keeps the old state)':
        '(1 - z) 乘错了项：h_new = (1 - z) * n + z * h（z 接近 1 时保留旧状态）',
    '3 steps, h=None, input_size 1':
        '3 步，h=None，input_size 1',
    '4 steps from zeros: h is carried from step to step':
        '从全零开始走 4 步：h 逐步向后传递',
    '5 steps, hidden_size 1':
        '5 步，hidden_size 1',
    '50 steps':
        '50 步',
    "In PyTorch's GRU the update gate z weighs the OLD state: h_new = (1 - z) * n + z * h.":
        'PyTorch 的 GRU 中，更新门 z 加权的是旧状态：h_new = (1 - z) * n + z * h。',
    'Two products give every block: gi = x @ weight_ih.T + bias_ih and gh = h @ weight_hh.T + bias_hh, each (B, 3·hidden); split each with .chunk(3, dim=-1) in the order r, z, n.':
        '两次矩阵乘法就得到所有块：gi = x @ weight_ih.T + bias_ih 和 gh = h @ weight_hh.T + bias_hh，形状都是 (B, 3·hidden)；各自用 .chunk(3, dim=-1) 按 r、z、n 的顺序拆开。',
    'a batch of 256':
        'batch 为 256',
    'bias_hh left out: both biases are added':
        '漏了 bias_hh：两个偏置都要加',
    "bias_hh's n block added outside the reset gate: PyTorch's n = tanh(i_n + r * (h @ W_hn.T + b_hn))":
        'bias_hh 的 n 块加在了重置门外面：PyTorch 的 n = tanh(i_n + r * (h @ W_hn.T + b_hn))',
    "gates split in another order than PyTorch's r, z, n (reset, update, candidate)":
        '门的拆分顺序与 PyTorch 的 r、z、n（重置门、更新门、候选状态）不同',
    'h modified in place: return a new tensor':
        '原地修改了 h：应返回一个新张量',
    'h_new = (1 - z) * n + z * h: z is how much of the old state is kept. Start from x.new_zeros(B, hidden) when h is None.':
        'h_new = (1 - z) * n + z * h：z 表示保留多少旧状态。h 为 None 时从 x.new_zeros(B, hidden) 开始。',
    'input_size 7, hidden_size 2':
        'input_size 7，hidden_size 2',
    'inputs near ±100: saturated gates':
        '接近 ±100 的输入：门饱和',
    'nn.GRUCell multiplies the reset gate into the hidden block after its matmul and bias: h_n = h @ W_hn.T + b_hn, then n = tanh(i_n + r * h_n).':
        'nn.GRUCell 在隐藏块做完矩阵乘法并加上偏置之后才乘重置门：h_n = h @ W_hn.T + b_hn，然后 n = tanh(i_n + r * h_n)。',
    'one step from a given h':
        '从给定的 h 走一步',
    'one step, h left out (zeros)':
        '走一步，不传 h（全零）',
    'r = sigmoid(i_r + h_r), z = sigmoid(i_z + h_z). The reset gate multiplies h_n = (h @ W_hn.T + b_hn), the hidden block AFTER its matmul and bias: n = tanh(i_n + r * h_n).':
        'r = sigmoid(i_r + h_r)，z = sigmoid(i_z + h_z)。重置门乘的是 h_n = (h @ W_hn.T + b_hn)，即做完矩阵乘法并加上偏置之后的隐藏块：n = tanh(i_n + r * h_n)。',
    "reset gate applied before the matmul (r * h) @ W_hn.T, the original paper's form; PyTorch applies it after: n = tanh(i_n + r * (h @ W_hn.T + b_hn))":
        '重置门用在了矩阵乘法之前 (r * h) @ W_hn.T，这是原论文的写法；PyTorch 用在之后：n = tanh(i_n + r * (h @ W_hn.T + b_hn))',
    'sigmoid on the candidate n: it takes tanh':
        '候选状态 n 用了 sigmoid：应该用 tanh',
    'the batch':
        'batch 大小',
    "the prompt's x and h (the grader's weights)":
        '题目中的 x 和 h（评分器的权重）',
    'the state passed in is ignored: every step starts again from zeros':
        '忽略了传入的状态：每一步都重新从全零开始',
    'weights not transposed: weight_ih is (3·hidden, input), so x @ weight_ih.T':
        '权重没有转置：weight_ih 是 (3·hidden, input)，所以要 x @ weight_ih.T',
}
