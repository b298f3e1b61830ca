"""中文 text of the mlp drill."""
TEXT = {
    '(B, S, d_in) tokens':
        '形状为 (B, S, d_in) 的 token',
    'GELU instead of ReLU':
        '用了 GELU 而不是 ReLU',
    'ReLU applied to the input instead of the hidden layer':
        'ReLU 用在了输入上，而不是隐藏层上',
    'ReLU applied to the output too: the last layer has no activation':
        '输出也加了 ReLU：最后一层没有激活函数',
    "ReLU goes between the layers only; the last layer's output is returned as it is.":
        'ReLU 只放在两层之间；最后一层的输出原样返回。',
    'Two nn.Linear layers named fc1 (d_in -> d_hidden) and fc2 (d_hidden -> d_out): nn.Linear(in, out) stores its weight as (out, in).':
        '两个 nn.Linear 层，分别叫 fc1（d_in -> d_hidden）和 fc2（d_hidden -> d_out）：nn.Linear(in, out) 的权重形状存为 (out, in)。',
    'a batch of 5':
        '大小为 5 的 batch',
    'biases not added':
        '没有加偏置',
    'changing the first row of x changed the output of another row by {0}: the MLP must act on each row on its own':
        '改动 x 的第一行，另一行的输出变了 {0}：MLP 必须对每一行独立计算',
    'inputs near ±1000':
        '接近 ±1000 的输入',
    'many tokens':
        '很多 token',
    'one feature, one hidden unit':
        '一个特征，一个隐藏单元',
    'one row, one output':
        '一行，一个输出',
    'return self.fc2(F.relu(self.fc1(x)))':
        'forward 中：return self.fc2(F.relu(self.fc1(x)))',
    'rows independent':
        '各行相互独立',
    'sigmoid instead of ReLU':
        '用了 sigmoid 而不是 ReLU',
    'square layers':
        '方阵层',
    'the ReLU between the layers is missing (two linear layers collapse into one)':
        '两层之间缺了 ReLU（两个线性层退化成一个）',
    'the rows of x':
        'x 的行数',
    "weights not transposed: nn.Linear's weight is (out_features, in_features), so a layer computes x @ W.T + b":
        '权重没有转置：nn.Linear 的权重形状是 (out_features, in_features)，所以一层算的是 x @ W.T + b',
    'x with no leading dims':
        '没有前置维度的 x',
}
