"""自定义autograd函数 Custom autograd Function

实现 `LogSumExp`，一个沿最后一维做数值稳定 log-sum-exp 的 `torch.autograd.Function`，其 backward
由你手写；以及调用它的 `logsumexp(x)`：

    logsumexp(x)[...] = log(sum_j exp(x[..., j]))          x (..., n) -> (...)

- `forward(ctx, x)`：|x| 达到 1e4 时也要稳定（exp(89) 在 float32 下就已溢出）：先减去每行自己的最大值
  m，out = m + log(sum(exp(x - m)))。把 backward 需要的东西存在 ctx 上，通常用
  `ctx.save_for_backward(...)`（之后用 `ctx.saved_tensors` 读回）。
- `backward(ctx, grad_out)`：`grad_out` 与输出形状相同 (...)；返回 dL/dx，形状与 x 相同。
  d out / d x_j = softmax(x)_j = exp(x_j - out)。只有一个输入张量，所以只返回一个梯度。
- backward 要根据保存的张量手写：不能对前向调用 autograd（torch.autograd.grad、.backward()、
  torch.func）——评分器会直接调用它并加以监视。
- 二阶反向传播 (double backward) 要能用：backward 本身必须可微，所以要在保存的张量上用 torch 运算来写
  （不能用 .detach()、torch.no_grad()、@once_differentiable，也不能用 NumPy）。用 float64 下的
  torch.autograd.gradcheck 和 gradgradcheck 评分。
- `logsumexp(x)` 返回 `LogSumExp.apply(x)`。`x` 是至少有一维、n >= 1 的有限浮点张量；输出与 x 的
  dtype 和设备相同（float64 也必须能用）。不修改 x。不要对行写 Python 循环。
- 不要调用 torch.logsumexp 或 softmax 系列函数（softmax、log_softmax）：自己写。

示例:
    >>> x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    >>> out = logsumexp(x); out
    tensor(3.4076, grad_fn=<LogSumExpBackward>)
    >>> out.backward(); x.grad                           # softmax(x)
    tensor([0.0900, 0.2447, 0.6652])
    >>> logsumexp(torch.tensor([[1000.0, 1000.0], [-1000.0, -1000.0]]))
    tensor([1000.6932, -999.3068])                      # ±1000 + log 2
    >>> x64 = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
    >>> torch.autograd.gradgradcheck(logsumexp, (x64,))
    True
"""
import torch


class LogSumExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x: torch.Tensor) -> torch.Tensor:
        # TODO: 每行最大值，数值稳定的 log-sum-exp，保存 backward 需要的东西（约 4 行）
        raise NotImplementedError

    @staticmethod
    def backward(ctx, grad_out: torch.Tensor) -> torch.Tensor:
        # TODO: 用保存的张量算 grad_out 乘以 softmax(x)（约 2 行）
        raise NotImplementedError


def logsumexp(x: torch.Tensor) -> torch.Tensor:
    # TODO: 调用这个 Function（约 1 行）
    raise NotImplementedError
