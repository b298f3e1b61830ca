import torch

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
}


def clip_grad_norm(grads, max_norm, eps=1e-6):
    sq = torch.zeros(1, dtype=grads[0].dtype)        # made on the CPU, whatever the gradients' device
    for g in grads:
        sq += (g * g).sum()
    total_norm = sq.sqrt().squeeze()
    scale = torch.clamp(max_norm / (total_norm + eps), max=1.0)
    for g in grads:
        g.mul_(scale)
    return total_norm
