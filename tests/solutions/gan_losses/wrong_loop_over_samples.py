import torch
import torch.nn.functional as F

EXPECT = {
    'd_loss: no loop': '',
}


def d_loss(real_logits, fake_logits, kind="ns"):
    total = 0.0
    for r, f in zip(real_logits, fake_logits):
        if kind == "ns":
            total = total + F.softplus(-r) + F.softplus(f)
        elif kind == "hinge":
            total = total + F.relu(1 - r) + F.relu(1 + f)
        else:
            total = total + f - r
    return total / len(real_logits)


def g_loss(fake_logits, kind="ns"):
    return F.softplus(-fake_logits).mean() if kind == "ns" else -fake_logits.mean()


def gradient_penalty(critic, real, fake, generator=None):
    B = real.shape[0]
    alpha = torch.rand(B, generator=generator, dtype=real.dtype, device=real.device)
    alpha = alpha.reshape(B, *[1] * (real.dim() - 1))
    x_hat = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
    (grad,) = torch.autograd.grad(critic(x_hat).sum(), x_hat, create_graph=True)
    return ((grad.flatten(1).norm(dim=1) - 1) ** 2).mean()
