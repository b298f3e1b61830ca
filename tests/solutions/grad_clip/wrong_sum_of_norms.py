EXPECT = {
    'values': 'total norm as the sum of the per-tensor norms; it is sqrt(sum of their squares)',
}


def clip_grad_norm(grads, max_norm, eps=1e-6):
    total = sum(g.norm() for g in grads)
    factor = (max_norm / (total + eps)).clamp(max=1.0)
    for g in grads:
        g.mul_(factor)
    return total
