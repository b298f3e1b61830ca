import torch
import torch.nn.functional as F

EXPECT = {
    'gradient_penalty: values': '',
}


def d_loss(real_logits, fake_logits, kind="ns"):
    if kind == "ns":
        return F.softplus(-real_logits).mean() + F.softplus(fake_logits).mean()
    if kind == "hinge":
        return F.relu(1 - real_logits).mean() + F.relu(1 + fake_logits).mean()
    return fake_logits.mean() - real_logits.mean()


def g_loss(fake_logits, kind="ns"):
    return F.softplus(-fake_logits).mean() if kind == "ns" else -fake_logits.mean()


def gradient_penalty(critic, real, fake, generator=None):
    B = real.shape[0]
    alpha = torch.rand(B, *[1] * (real.dim() - 1), dtype=real.dtype, device=real.device)   # the generator unused
    x_hat = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
    (grad,) = torch.autograd.grad(critic(x_hat).sum(), x_hat, create_graph=True)
    return ((grad.flatten(1).norm(dim=1) - 1) ** 2).mean()
