"""中文 text of the batchnorm drill."""
TEXT = {
    '(N, C, L) input':
        '形状为 (N, C, L) 的输入',
    'BatchNorm running variance updated with the biased batch variance (PyTorch feeds it the unbiased one, var * n / (n - 1))':
        'BatchNorm 的滑动方差用有偏的 batch 方差更新（PyTorch 用的是无偏方差 var * n / (n - 1)）',
    "Channel c's statistics come from x[:, c] over every other axis: reduce over dims (0,) for (N, C) and (0, 2) for (N, C, L), then view the (C,) results as (1, C) or (1, C, 1) to broadcast.":
        '通道 c 的统计量来自 x[:, c] 在其余所有维上的值：(N, C) 沿维 (0,) 归约，(N, C, L) 沿维 (0, 2) 归约，再把 (C,) 的结果 view 成 (1, C) 或 (1, C, 1) 以便广播。',
    'L = 1, one step, momentum 0.9':
        'L = 1，一步，momentum 0.9',
    'N = 1 with L = 6':
        'N = 1，L = 6',
    'N = 2: the unbiased variance is twice the biased one; eval on one sample':
        'N = 2：无偏方差是有偏方差的两倍；在单个样本上做推理',
    'Normalise the batch with the biased variance, but update running_var with var * n / (n - 1), n = x.numel() // C.':
        '用有偏方差归一化当前 batch，但用 var * n / (n - 1) 更新 running_var，其中 n = x.numel() // C。',
    'Normalise with the biased variance (divide by n), but feed the running variance the unbiased one: var * n / (n - 1), where n = x.numel() // C values per channel.':
        '用有偏方差（除以 n）归一化，但滑动方差要用无偏方差更新：var * n / (n - 1)，其中 n = x.numel() // C 是每个通道的值个数。',
    "Update the buffers in place under torch.no_grad(): running.mul_(1 - momentum).add_(momentum * stat). In eval() use running_mean and running_var instead of the batch's own statistics.":
        '在 torch.no_grad() 下原地更新 buffer：running.mul_(1 - momentum).add_(momentum * stat)。eval() 时用 running_mean 和 running_var，而不是 batch 自己的统计量。',
    'a training batch modified in place':
        '原地修改了训练 batch',
    "after {0}, on batches that require grad, `{1}` requires grad too: it is part of the autograd graph, so every step's graph stays alive and later gradients leak into earlier batches. Keep it a buffer (self.register_buffer) and update it under torch.no_grad() (or from .detach()ed statistics)":
        '在 requires grad 的 batch 上执行 {0} 之后，`{1}` 也 requires grad 了：它成了 autograd 计算图的一部分，于是每一步的计算图都不会被释放，后面的梯度会漏进前面的 batch。应把它保持为 buffer（self.register_buffer），并在 torch.no_grad() 下更新（或用 .detach() 后的统计量更新）',
    'batch means near ±1000':
        'batch 均值接近 ±1000',
    'channels on scales 1e-3, 1, 1e3 (the smallest variance is below eps)':
        '各通道量级为 1e-3、1、1e3（最小的方差小于 eps）',
    'eps added to the standard deviation instead of inside the square root':
        'eps 加在了标准差上，而不是平方根里面',
    "eval() still normalises with the batch's own statistics instead of the running ones":
        'eval() 时仍用 batch 自己的统计量归一化，而不是滑动统计量',
    'long batches':
        '很长的 batch',
    "momentum = 1: the running stats are the last batch's":
        'momentum = 1：滑动统计量就是最后一个 batch 的统计量',
    'momentum applied the wrong way round (PyTorch: running = (1 - momentum) * running + momentum * batch)':
        'momentum 用反了（PyTorch：running = (1 - momentum) * running + momentum * batch）',
    'running statistics kept in the autograd graph (an nn.Parameter, or updated outside torch.no_grad() from statistics that require grad)':
        '滑动统计量留在了 autograd 计算图里（设成了 nn.Parameter，或在 torch.no_grad() 之外用 requires grad 的统计量更新）',
    'running statistics never updated':
        '滑动统计量从未更新',
    'running statistics outside autograd':
        '滑动统计量不进入 autograd',
    'the channels':
        '通道数',
    "the prompt's example":
        '题目中的示例',
    "training step normalised with the running statistics instead of the batch's":
        '训练步用滑动统计量归一化，而不是用 batch 的统计量',
    'training step normalised with the unbiased variance (normalise with the biased one)':
        '训练步用无偏方差归一化（应该用有偏方差）',
    'then eval()':
        '然后 eval()',
    'train() step {0} of {1}':
        'train() 第 {0} 步（共 {1} 步）',
}
