"""中文 text of the swiglu drill."""
TEXT = {
    '(tokens, d_model) input, no batch dim':
        '形状为 (tokens, d_model) 的输入，没有 batch 维',
    'GELU gate instead of silu (that is GeGLU, not SwiGLU)':
        '门控用了 GELU 而不是 silu（那是 GeGLU，不是 SwiGLU）',
    'Only the gate branch goes through the activation; the up branch is multiplied in as it is.':
        '只有门控分支经过激活函数；up 分支原样相乘。',
    "SwiGLU's SiLU applied to the up branch instead of the gate: down(silu(gate(x)) * up(x))":
        'SwiGLU 的 SiLU 用在了 up 分支上，而不是门控分支上：应为 down(silu(gate(x)) * up(x))',
    'Three bias-free nn.Linear layers: two go d_model -> d_ff (gate and up), one comes back d_ff -> d_model.':
        '三个不带偏置的 nn.Linear 层：两个是 d_model -> d_ff（gate 和 up），一个再变回 d_ff -> d_model。',
    'a small batch':
        '小 batch',
    'd_ff = 1':
        'd_ff = 1',
    'gate_proj(x) goes through SiLU; up_proj(x) is multiplied in as it is: down_proj(F.silu(gate_proj(x)) * up_proj(x)).':
        'gate_proj(x) 经过 SiLU；up_proj(x) 原样相乘：down_proj(F.silu(gate_proj(x)) * up_proj(x))。',
    'inputs near ±100':
        '接近 ±100 的输入',
    'long sequence':
        '长序列',
    'one feature, one token':
        '一个特征，一个 token',
    'return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))':
        'forward 中：return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))',
    'sigmoid gate instead of silu (that is GLU, not SwiGLU)':
        '门控用了 sigmoid 而不是 silu（那是 GLU，不是 SwiGLU）',
    'silu applied after multiplying gate and up':
        'silu 用在了 gate 与 up 相乘之后',
    'silu written as g / (1 + exp(-g)): exp(-g) overflows for g << 0, which makes the gradient NaN (inf / inf); use F.silu, or g * torch.sigmoid(g)':
        'silu 写成了 g / (1 + exp(-g))：g << 0 时 exp(-g) 溢出，使梯度变成 NaN（inf / inf）；应该用 F.silu，或 g * torch.sigmoid(g)',
    'the tokens':
        'token 数',
}
