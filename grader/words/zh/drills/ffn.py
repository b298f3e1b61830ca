"""中文 text of the ffn drill."""
TEXT = {
    '(tokens, d_model) input, no batch dim':
        '形状为 (tokens, d_model) 的输入，没有 batch 维',
    "F.gelu(h) is the exact GELU (erf); approximate='tanh' is another function. Pick the activation from the string you were given, not always ReLU.":
        "F.gelu(h) 是精确的 GELU（erf）；approximate='tanh' 是另一个函数。要按传入的字符串选择激活函数，而不是总用 ReLU。",
    'F.gelu(h) with no approximate= is the exact GELU, 0.5 · h · (1 + erf(h / sqrt(2))).':
        '不带 approximate= 的 F.gelu(h) 就是精确的 GELU，0.5 · h · (1 + erf(h / sqrt(2)))。',
    'GELU with the tanh approximation where the exact (erf) GELU is asked':
        '要求精确（erf）GELU 时用了 tanh 近似',
    'GELU with the x * sigmoid(1.702 x) approximation where the exact (erf) GELU is asked':
        '要求精确（erf）GELU 时用了 x * sigmoid(1.702 x) 近似',
    "The activation sits between them, on the d_ff-wide hidden layer; fc2's output goes out as it is.":
        '激活函数位于两层之间，作用在宽度为 d_ff 的隐藏层上；fc2 的输出原样返回。',
    'Two nn.Linear layers with bias: fc1 widens d_model -> d_ff, fc2 comes back d_ff -> d_model.':
        '两个带偏置的 nn.Linear 层：fc1 把 d_model 扩到 d_ff，fc2 再从 d_ff 变回 d_model。',
    '`activation` ignored: always GELU':
        '忽略了 `activation`：总是用 GELU',
    '`activation` ignored: always ReLU':
        '忽略了 `activation`：总是用 ReLU',
    'activation applied after fc2 as well as between the layers':
        '除了两层之间，fc2 之后也加了激活函数',
    'activation applied after fc2 instead of between fc1 and fc2':
        '激活函数加在了 fc2 之后，而不是 fc1 和 fc2 之间',
    'activation missing: without it fc2(fc1(x)) is one linear map':
        '缺了激活函数：没有它，fc2(fc1(x)) 就只是一个线性映射',
    'd_ff = 1':
        'd_ff = 1',
    'gelu, a small batch':
        'gelu，小 batch',
    'gelu, hidden values over [-3, 3]':
        'gelu，隐藏层取值覆盖 [-3, 3]',
    'inputs near ±100':
        '接近 ±100 的输入',
    'long sequence':
        '长序列',
    'one feature, one token, default activation':
        '一个特征，一个 token，默认激活函数',
    'relu, a small batch':
        'relu，小 batch',
    "return self.fc2(F.relu(self.fc1(x)) if self.activation == 'relu' else F.gelu(self.fc1(x)))":
        "forward 中：return self.fc2(F.relu(self.fc1(x)) if self.activation == 'relu' else F.gelu(self.fc1(x)))",
    'the tokens':
        'token 数',
}
