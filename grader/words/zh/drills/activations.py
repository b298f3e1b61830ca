"""中文 text of the activations drill."""
TEXT = {
    '(e^x - e^-x) / (e^x + e^-x) is inf / inf = NaN once |x| > 89; use 2·sigmoid(2x) - 1':
        '|x| > 89 时 (e^x - e^-x) / (e^x + e^-x) 是 inf / inf = NaN；改用 2·sigmoid(2x) - 1',
    '1 - 2 / (exp(2x) + 1): exp(2x) overflows for x >> 0 and its gradient is NaN; use 2·sigmoid(2x) - 1 with a stable sigmoid':
        '1 - 2 / (exp(2x) + 1)：x >> 0 时 exp(2x) 溢出，梯度变成 NaN；改用 2·sigmoid(2x) - 1，配一个数值稳定的 sigmoid',
    '1 / (1 + exp(-x)): exp(-x) overflows for x << 0, which makes the gradient NaN (0 · inf); use exp(x) / (1 + exp(x)) on the x < 0 side':
        '1 / (1 + exp(-x))：x << 0 时 exp(-x) 溢出，梯度变成 NaN（0 · inf）；在 x < 0 一侧改用 exp(x) / (1 + exp(x))',
    '2·sigmoid(x) - 1 is tanh(x / 2): the argument is 2x':
        '2·sigmoid(x) - 1 是 tanh(x / 2)：参数应该是 2x',
    'Build on what you have: tanh(x) = 2·sigmoid(2x) - 1, silu(x) = x·sigmoid(x), and the tanh form of gelu can call your tanh. Exact gelu is 0.5·x·(1 + torch.erf(x / sqrt(2))).':
        '在已写好的函数上搭：tanh(x) = 2·sigmoid(2x) - 1，silu(x) = x·sigmoid(x)，gelu 的 tanh 形式可以调用你的 tanh。精确的 gelu 是 0.5·x·(1 + torch.erf(x / sqrt(2)))。',
    '`alpha` ignored':
        '忽略了 `alpha`',
    '`approximate` ignored: always the exact erf form':
        '忽略了 `approximate`：总是用精确的 erf 形式',
    '`approximate` ignored: always the tanh form':
        '忽略了 `approximate`：总是用 tanh 形式',
    '`slope` ignored (0.01 hard-coded)':
        '忽略了 `slope`（写死为 0.01）',
    'a (2, 3, 4) tensor':
        '形状为 (2, 3, 4) 的张量',
    "a (2, 3, 4) tensor, {'alpha': 0.0}":
        "形状为 (2, 3, 4) 的张量，{'alpha': 0.0}",
    "a (2, 3, 4) tensor, {'alpha': 0.5}":
        "形状为 (2, 3, 4) 的张量，{'alpha': 0.5}",
    "a (2, 3, 4) tensor, {'alpha': 2.0}":
        "形状为 (2, 3, 4) 的张量，{'alpha': 2.0}",
    "a (2, 3, 4) tensor, {'approximate': 'none'}":
        "形状为 (2, 3, 4) 的张量，{'approximate': 'none'}",
    "a (2, 3, 4) tensor, {'approximate': 'tanh'}":
        "形状为 (2, 3, 4) 的张量，{'approximate': 'tanh'}",
    "a (2, 3, 4) tensor, {'slope': 0.0}":
        "形状为 (2, 3, 4) 的张量，{'slope': 0.0}",
    "a (2, 3, 4) tensor, {'slope': 0.2}":
        "形状为 (2, 3, 4) 的张量，{'slope': 0.2}",
    "a (2, 3, 4) tensor, {'slope': 1.0}":
        "形状为 (2, 3, 4) 的张量，{'slope': 1.0}",
    'a 0-d tensor':
        '0 维张量',
    "a 0-d tensor, {'alpha': 0.0}":
        "0 维张量，{'alpha': 0.0}",
    "a 0-d tensor, {'alpha': 0.5}":
        "0 维张量，{'alpha': 0.5}",
    "a 0-d tensor, {'alpha': 2.0}":
        "0 维张量，{'alpha': 2.0}",
    "a 0-d tensor, {'approximate': 'none'}":
        "0 维张量，{'approximate': 'none'}",
    "a 0-d tensor, {'approximate': 'tanh'}":
        "0 维张量，{'approximate': 'tanh'}",
    "a 0-d tensor, {'slope': 0.0}":
        "0 维张量，{'slope': 0.0}",
    "a 0-d tensor, {'slope': 0.2}":
        "0 维张量，{'slope': 0.2}",
    "a 0-d tensor, {'slope': 1.0}":
        "0 维张量，{'slope': 1.0}",
    'alpha · exp(x) without the - 1: elu is alpha · (exp(x) - 1) for x <= 0':
        'alpha · exp(x) 少了 - 1：x <= 0 时 elu 是 alpha · (exp(x) - 1)',
    'built on a sigmoid that overflows (see sigmoid): fix that one first':
        '建立在会溢出的 sigmoid 上（见 sigmoid）：先修好它',
    'built on a tanh that overflows (see tanh): fix that one first':
        '建立在会溢出的 tanh 上（见 tanh）：先修好它',
    'erf(x / 2) instead of erf(x / sqrt(2))':
        '写成 erf(x / 2) 而不是 erf(x / sqrt(2))',
    'exp(1e4) is inf in float32. Only ever exponentiate numbers <= 0: for sigmoid, use exp(-x) on the x >= 0 side and exp(x) on the x < 0 side (sigmoid(x) = e^x / (1 + e^x) there).':
        'float32 下 exp(1e4) 是 inf。只对 <= 0 的数取指数：sigmoid 在 x >= 0 一侧用 exp(-x)，在 x < 0 一侧用 exp(x)（那里 sigmoid(x) = e^x / (1 + e^x)）。',
    'exp(x) / (1 + exp(x)) is inf / inf = NaN for x >> 0; use 1 / (1 + exp(-x)) on the x >= 0 side':
        'x >> 0 时 exp(x) / (1 + exp(x)) 是 inf / inf = NaN；在 x >= 0 一侧改用 1 / (1 + exp(-x))',
    "expected a tensor of x's shape":
        '期望得到与 x 形状相同的张量',
    'relu, leaky_relu and elu are torch.where(x > 0, x, <the negative side>): 0.0, slope·x, alpha·expm1(x.clamp(max=0)).':
        'relu、leaky_relu 和 elu 都是 torch.where(x > 0, x, <负半轴>)：分别为 0.0、slope·x、alpha·expm1(x.clamp(max=0))。',
    'sigmoid(-x) = 1 - sigmoid(x)':
        'sigmoid(-x) = 1 - sigmoid(x)',
    'sigmoid(x) + sigmoid(-x) should be 1, got {0}':
        'sigmoid(x) + sigmoid(-x) 应为 1，得到的是 {0}',
    'sign error: 1 / (1 + exp(x)) is sigmoid(-x)':
        '符号错误：1 / (1 + exp(x)) 是 sigmoid(-x)',
    'silu is x · sigmoid(x), not sigmoid(x)':
        'silu 是 x · sigmoid(x)，不是 sigmoid(x)',
    'slope applied to the positive side instead of the negative side':
        'slope 用在了正半轴而不是负半轴',
    'tanh form with sqrt(2) / pi instead of sqrt(2 / pi)':
        'tanh 形式里写成 sqrt(2) / pi 而不是 sqrt(2 / pi)',
    'tanh form without the 0.044715 x³ term':
        'tanh 形式少了 0.044715 x³ 项',
    'the elements':
        '元素个数',
    'the gradient at x = 0 is lost: |x| and sign(x) have gradient 0 there, so a formula in |x| gets the wrong derivative at 0 (the function is smooth there); choose the branch with torch.where on x >= 0 instead':
        'x = 0 处的梯度丢了：|x| 和 sign(x) 在那里梯度为 0，所以用 |x| 写的公式在 0 处导数不对（而函数在那里是光滑的）；改用 torch.where 按 x >= 0 选分支',
    "the prompt's example":
        '题目中的示例',
    "the prompt's example, {'alpha': 0.0}":
        "题目中的示例，{'alpha': 0.0}",
    "the prompt's example, {'alpha': 0.5}":
        "题目中的示例，{'alpha': 0.5}",
    "the prompt's example, {'alpha': 2.0}":
        "题目中的示例，{'alpha': 2.0}",
    "the prompt's example, {'approximate': 'none'}":
        "题目中的示例，{'approximate': 'none'}",
    "the prompt's example, {'approximate': 'tanh'}":
        "题目中的示例，{'approximate': 'tanh'}",
    "the prompt's example, {'slope': 0.0}":
        "题目中的示例，{'slope': 0.0}",
    "the prompt's example, {'slope': 0.2}":
        "题目中的示例，{'slope': 0.2}",
    "the prompt's example, {'slope': 1.0}":
        "题目中的示例，{'slope': 1.0}",
    'torch.where also differentiates the branch it drops: exp(...) there is inf at this x, and its zero gradient times inf is NaN. Clamp what goes into exp':
        'torch.where 对它丢弃的分支也会求导：在这个 x 处那里的 exp(...) 是 inf，零梯度乘以 inf 就是 NaN。先 clamp 再送进 exp',
    'torch.where also differentiates the branch it drops: exp(...) there is inf at this x, and its zero gradient times inf is NaN. Clamp what goes into exp: alpha · expm1(x.clamp(max=0))':
        'torch.where 对它丢弃的分支也会求导：在这个 x 处那里的 exp(...) 是 inf，零梯度乘以 inf 就是 NaN。先 clamp 再送进 exp：alpha · expm1(x.clamp(max=0))',
    'torch.where computes both branches and back-propagates through both: the branch it drops gets a zero gradient, and 0 · inf = NaN. Clamp what goes into exp (x.clamp(max=0)) so the dropped branch stays finite too.':
        'torch.where 会计算两个分支，反向传播也经过两个分支：被丢弃的分支得到零梯度，而 0 · inf = NaN。先 clamp 再送进 exp（x.clamp(max=0)），让被丢弃的分支也保持有限。',
    'values near ±1e4':
        '接近 ±1e4 的值',
    'values near ±3':
        '接近 ±3 的值',
    "values near ±3, {'alpha': 0.0}":
        "接近 ±3 的值，{'alpha': 0.0}",
    "values near ±3, {'alpha': 0.5}":
        "接近 ±3 的值，{'alpha': 0.5}",
    "values near ±3, {'alpha': 2.0}":
        "接近 ±3 的值，{'alpha': 2.0}",
    "values near ±3, {'approximate': 'none'}":
        "接近 ±3 的值，{'approximate': 'none'}",
    "values near ±3, {'approximate': 'tanh'}":
        "接近 ±3 的值，{'approximate': 'tanh'}",
    "values near ±3, {'slope': 0.0}":
        "接近 ±3 的值，{'slope': 0.0}",
    "values near ±3, {'slope': 0.2}":
        "接近 ±3 的值，{'slope': 0.2}",
    "values near ±3, {'slope': 1.0}":
        "接近 ±3 的值，{'slope': 1.0}",
    'values near ±89, where exp overflows in float32':
        '接近 ±89 的值，float32 下 exp 在这里溢出',
    'x / (1 + exp(-x)): exp(-x) overflows for x << 0, which makes the gradient NaN; use x · sigmoid(x) with a stable sigmoid':
        'x / (1 + exp(-x))：x << 0 时 exp(-x) 溢出，梯度变成 NaN；改用 x · sigmoid(x)，配一个数值稳定的 sigmoid',
    "x · sigmoid(1.702 x) is yet another approximation, not torch's gelu":
        'x · sigmoid(1.702 x) 是另一种近似，不是 torch 的 gelu',
    '|x| from 1e-3 to 1e4':
        '|x| 从 1e-3 到 1e4',
    '|x| up to 1e4, alpha=2.0':
        '|x| 最大到 1e4，alpha=2.0',
    "|x| up to 1e4, approximate='tanh'":
        "|x| 最大到 1e4，approximate='tanh'",
    '|x| up to 1e4, slope=0.3':
        '|x| 最大到 1e4，slope=0.3',
}
