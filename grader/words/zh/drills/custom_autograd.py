"""中文 text of the custom_autograd drill."""
TEXT = {
    '(2, 3, 5)':
        '(2, 3, 5)',
    'Autograd can differentiate your backward only through tensors it tracks: save x and out (an input and an output), not the softmax computed inside forward, and compute exp(x - out) in backward with torch operations.':
        'autograd 只能通过它跟踪的张量对你的 backward 求导：保存 x 和 out（一个输入和一个输出），而不是 forward 内部算出的 softmax，并在 backward 中用 torch 运算计算 exp(x - out)。',
    'LogSumExp.backward called {0}: the backward is written by hand from the saved tensors, without autograd':
        'LogSumExp.backward 调用了 {0}：backward 要根据保存的张量手写，不能用 autograd',
    'LogSumExp.backward calls autograd on a recomputed forward: write the gradient from the saved tensors, grad_out * exp(x - out)':
        'LogSumExp.backward 对重新计算的前向调用了 autograd：要根据保存的张量写出梯度，grad_out * exp(x - out)',
    'Save the input and the OUTPUT: ctx.save_for_backward(x, out). softmax(x) = exp(x - out) needs no new max and no division, and cannot overflow.':
        '保存输入和「输出」：ctx.save_for_backward(x, out)。softmax(x) = exp(x - out) 不需要再求最大值，也不需要除法，而且不会溢出。',
    'Save the output: ctx.save_for_backward(x, out); then softmax(x) = exp(x - out).':
        '保存输出：ctx.save_for_backward(x, out)；这样 softmax(x) = exp(x - out)。',
    'a square (4, 4) input: grad_out (4,) broadcasts against it silently':
        '方阵 (4, 4) 输入：grad_out (4,) 会悄无声息地与它广播',
    "backward not differentiable (double backward fails): compute it with torch operations on tensors saved from forward's INPUTS and OUTPUTS (a saved intermediate, such as the softmax, is a constant to autograd), without .detach(), torch.no_grad() or @once_differentiable":
        'backward 不可微（二阶反向传播失败）：要在 forward 的「输入」和「输出」保存下来的张量上用 torch 运算来计算（保存的中间量，比如 softmax，对 autograd 来说是常数），不要用 .detach()、torch.no_grad() 或 @once_differentiable',
    'backward recomputes exp(x) / sum(exp(x)) from the input: exp overflows (inf / inf = NaN); use the saved output, exp(x - out)':
        'backward 从输入重新计算 exp(x) / sum(exp(x))：exp 溢出（inf / inf = NaN）；要用保存的输出，exp(x - out)',
    'backward without autograd':
        'backward 不用 autograd',
    'differentiating your backward raised: {0}':
        '对你的 backward 求导时抛出了异常：{0}',
    'forward: m = x.amax(-1, keepdim=True); out = (m + (x - m).exp().sum(-1, keepdim=True).log()).squeeze(-1). exp only ever sees numbers <= 0, and each row uses its own max.':
        'forward：m = x.amax(-1, keepdim=True)；out = (m + (x - m).exp().sum(-1, keepdim=True).log()).squeeze(-1)。exp 只会碰到 <= 0 的数，且每行用自己的最大值。',
    'goes through LogSumExp':
        '经过 LogSumExp',
    'grad_out ignored: backward returns softmax(x) alone, which is only right when L = out.sum()':
        '忽略了 grad_out：backward 只返回 softmax(x)，这只在 L = out.sum() 时才对',
    'grad_out is (...), x is (..., n): unsqueeze grad_out to (..., 1) before multiplying, or it broadcasts along the wrong axis (silently, when the sizes happen to match).':
        'grad_out 形状为 (...)，x 为 (..., n)：相乘前先把 grad_out unsqueeze 成 (..., 1)，否则它会沿错误的维度广播（尺寸恰好相同时还不会报错）。',
    'grad_out not unsqueezed: (...) against (..., n) broadcasts along the last axis; use grad_out.unsqueeze(-1)':
        'grad_out 没有 unsqueeze：(...) 与 (..., n) 会沿最后一维广播；要用 grad_out.unsqueeze(-1)',
    'gradcheck':
        'gradcheck',
    'gradgradcheck (double backward)':
        'gradgradcheck（二阶反向传播）',
    'log-sum-exp without subtracting the max: exp overflows for large x and underflows to log(0) for very negative rows':
        'log-sum-exp 没有减去最大值：x 很大时 exp 溢出，行里全是很负的数时下溢成 log(0)',
    'logsumexp returned {0}, not a tensor':
        'logsumexp 返回了 {0}，而不是张量',
    "logsumexp(x)'s output has no LogSumExpBackward node in its graph: the gradient does not come from your LogSumExp.backward. Return LogSumExp.apply(x)":
        'logsumexp(x) 的输出在计算图中没有 LogSumExpBackward 节点：梯度并不来自你的 LogSumExp.backward。要返回 LogSumExp.apply(x)',
    'n = 1: the output is x itself':
        'n = 1：输出就是 x 本身',
    "one max for the whole tensor instead of each row's: a row far below it underflows to log(0) = -inf":
        '对整个张量取一个最大值，而不是每行各取：远低于它的行会下溢成 log(0) = -inf',
    'one row, values near ±10':
        '单行，值接近 ±10',
    'return grad_out.unsqueeze(-1) * (x - out.unsqueeze(-1)).exp()  — torch ops on saved tensors, so autograd can differentiate the backward too (double backward).':
        'return grad_out.unsqueeze(-1) * (x - out.unsqueeze(-1)).exp()——在保存的张量上用 torch 运算，这样 autograd 也能对 backward 求导（二阶反向传播）。',
    'rows 300 apart: each row needs its own max':
        '各行相差 300：每行都需要自己的最大值',
    'rows of 4096':
        '每行 4096 个元素',
    'the gradient your backward returns does not depend on x through autograd (an intermediate saved in forward, or a detached tensor?), so double backward gives nothing':
        '你的 backward 返回的梯度在 autograd 看来不依赖 x（用了 forward 中保存的中间量，或 detach 过的张量？），所以二阶反向传播什么都得不到',
    'the gradient your backward returns is not part of any autograd graph, so it cannot be differentiated again (computed from an intermediate saved in forward, from detached tensors, under torch.no_grad(), or in NumPy?)':
        '你的 backward 返回的梯度不在任何 autograd 计算图中，所以无法再次求导（是用 forward 中保存的中间量、detach 过的张量算的，还是在 torch.no_grad() 下或用 NumPy 算的？）',
    "the max saved instead of the result: backward's exp(x - m) is not normalised; softmax is exp(x - out)":
        '保存了最大值而不是结果：backward 中的 exp(x - m) 没有归一化；softmax 是 exp(x - out)',
    'the max subtracted but not added back: out = m + log(sum(exp(x - m)))':
        '减去了最大值却没有加回来：out = m + log(sum(exp(x - m)))',
    "the prompt's example":
        '题目中的示例',
    "the prompt's ±1000":
        '题目中的 ±1000',
    'the rows':
        '行数',
    'ties':
        '有并列值',
    'torch.autograd.{0} in float64 at x {1} failed: {2}: {3}':
        'torch.autograd.{0} 在 float64、x 为 {1} 时失败：{2}: {3}',
    'torch.autograd.{0} in float64 at x {1}: your backward raised {2}: {3}':
        'torch.autograd.{0} 在 float64、x 为 {1} 时：你的 backward 抛出了 {2}: {3}',
    'values near ±1e4':
        '值接近 ±1e4',
    'the Jacobian your backward gives (analytical) differs from central differences of your forward (numerical)':
        '你的 backward 给出的 Jacobian（解析解）与对你的 forward 做中心差分的结果（数值解）不一致',
    'differentiating your backward (double backward) disagrees with central differences of it':
        '对你的 backward 求导（二阶反向）与对它做中心差分的结果不一致',
}
