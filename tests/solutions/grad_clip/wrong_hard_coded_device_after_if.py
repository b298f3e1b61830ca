import torch

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
}


def clip_grad_norm(grads, max_norm, eps=1e-6):
    total_norm = torch.cat([g.reshape(-1) for g in grads]).norm()
    if total_norm > max_norm:
        # one factor per tensor, made on the CPU whatever the gradients' device
        factors = torch.full((len(grads),), max_norm, dtype=total_norm.dtype) / (total_norm + eps)
        for g, f in zip(grads, factors):
            g.mul_(f)
    return total_norm
