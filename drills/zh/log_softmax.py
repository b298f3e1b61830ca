"""对数softmax Log-softmax

实现 `log_softmax(x, dim=-1)`：沿 `dim` 取 softmax 的对数，用 log-sum-exp 技巧计算，
使任何有限输入都得到有限结果。

    log_softmax(x)_i = x_i - log(sum_j exp(x_j))
                     = (x_i - m) - log(sum_j exp(x_j - m)),   m = max_j x_j

- `x` 是任意形状的浮点张量；`dim` 可以是负数。输出与 x 的形状、dtype 和设备相同。
- 不要算 `log(softmax(x))`：概率下溢为 0 时它的对数是 `-inf`，而真实值是有限的（比如比最大值
  小 2000 的 logit，结果是 -2000）。减去最大值让 `exp` 不会上溢；在对数空间里计算让很小的概率
  不会消失。
- 输入大到 1e4（行长到 4096）时也必须给出有限且精确的结果。
- 不要调用 `softmax`/`log_softmax`（torch、`F`、`Tensor`、`special`、`nn.Softmax`、
  `nn.LogSoftmax` 中的）或 `logsumexp`：这道题就是要你手写它们。

示例:
    >>> log_softmax(torch.tensor([1.0, 2.0, 3.0]))
    tensor([-2.4076, -1.4076, -0.4076])
    >>> log_softmax(torch.tensor([1000.0, 0.0, -1000.0]))
    tensor([    0., -1000., -2000.])
"""
import torch


def log_softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    # TODO: 沿 dim 减去最大值，再减去 exp 之和的对数（约 3 行）
    raise NotImplementedError
