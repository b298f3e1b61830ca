"""中文 text of the grad_clip drill."""
TEXT = {
    '0-dim tensors':
        '0 维张量',
    '200 tensors':
        '200 个张量',
    'In place: for g in grads: g.mul_(scale). Keep scale a tensor ((max_norm / (total_norm + eps)).clamp(max=1.0)) and return total_norm, the norm from before the clipping.':
        '原地修改：for g in grads: g.mul_(scale)。让 scale 保持为张量 ((max_norm / (total_norm + eps)).clamp(max=1.0))，并返回 total_norm，即裁剪之前的范数。',
    'One factor for all tensors: when total_norm > max_norm, scale = max_norm / (total_norm + eps); below, nothing changes. Every tensor shrinks by the same factor, so the update keeps its direction.':
        '所有张量共用一个缩放因子：total_norm > max_norm 时 scale = max_norm / (total_norm + eps)；否则什么都不变。每个张量按同一比例缩小，所以更新方向保持不变。',
    'The global norm treats every element of every tensor as one long vector: total_norm = sqrt(sum of g.pow(2).sum() over the tensors), equivalently the norm of the per-tensor norms.':
        '全局范数把所有张量的所有元素看成一个长向量：total_norm = sqrt(各张量 g.pow(2).sum() 之和)，等价于各张量范数组成的向量的范数。',
    'after clipping, the global norm of the gradients is {0}, above max_norm={1}':
        '裁剪后梯度的全局范数是 {0}，超过了 max_norm={1}',
    'all zero: norm 0, nothing to clip, no NaN':
        '全为零：范数为 0，无需裁剪，不能出现 NaN',
    'below max_norm: left as they are':
        '低于 max_norm：保持原样',
    'clipping when below max_norm (scaled up): scale only when total_norm > max_norm':
        '低于 max_norm 时也做了裁剪（被放大了）：只有 total_norm > max_norm 时才缩放',
    'eps = 0.5 is used':
        '用到了 eps = 0.5',
    'eps left out: the factor is max_norm / (total_norm + eps)':
        '漏掉了 eps：缩放因子应是 max_norm / (total_norm + eps)',
    'global norm at most max_norm afterwards':
        '裁剪后全局范数不超过 max_norm',
    'gradients near 1e15':
        '梯度接近 1e15',
    'not in place: the gradients in `grads` must be scaled themselves (g.mul_), not replaced':
        '不是原地修改：必须缩放 `grads` 中的梯度本身 (g.mul_)，而不是替换它们',
    'one scale factor for all tensors':
        '所有张量共用一个缩放因子',
    'one tensor':
        '只有一个张量',
    'one tensor of 1,000,000 elements':
        '一个有 1,000,000 个元素的张量',
    'per-tensor norm: each tensor clipped by its own norm instead of the global norm':
        '按单个张量的范数裁剪：每个张量用自己的范数裁剪，而不是用全局范数',
    'returned the norm after clipping; return the total norm from before':
        '返回了裁剪之后的范数；应返回裁剪之前的总范数',
    "tensor {0} was scaled by {1} but tensor {2} by {3} (or not scaled uniformly): clipping by the GLOBAL norm multiplies every gradient by one factor, keeping the update's direction":
        '张量 {0} 被缩放了 {1} 倍，而张量 {2} 被缩放了 {3} 倍（或缩放不一致）：按全局范数裁剪是把每个梯度乘以同一个因子，以保持更新的方向',
    'the elements of a gradient':
        '梯度的元素个数',
    "the prompt's example":
        '题目中的示例',
    'total norm as the sum of the per-tensor norms; it is sqrt(sum of their squares)':
        '把总范数算成了各张量范数之和；它应是 sqrt(它们的平方和)',
    'total norm returned as a Python float (.item()); return the 0-dim tensor':
        '总范数以 Python float 返回了 (.item())；应返回 0 维张量',
    'total norm without the square root (sum of squares)':
        '总范数没有开根号（平方和）',
}
