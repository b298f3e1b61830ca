import torch
import torch.nn.functional as F


def d_loss(real_logits, fake_logits, kind="ns"):
    if kind == "ns":
        real_term = F.binary_cross_entropy_with_logits(real_logits, torch.ones_like(real_logits))
        fake_term = F.binary_cross_entropy_with_logits(fake_logits, torch.zeros_like(fake_logits))
        return real_term + fake_term
    if kind == "hinge":
        return F.relu(1 - real_logits).mean() + F.relu(1 + fake_logits).mean()
    return (fake_logits.sum() / fake_logits.numel()) - (real_logits.sum() / real_logits.numel())


def g_loss(fake_logits, kind="ns"):
    if kind == "ns":
        return F.binary_cross_entropy_with_logits(fake_logits, torch.ones_like(fake_logits))
    return fake_logits.mean().neg()


def gradient_penalty(critic, real, fake, generator=None):
    B = real.shape[0]
    alpha = torch.rand(B, generator=generator, dtype=real.dtype, device=real.device)
    x_hat = torch.lerp(fake, real, alpha.reshape((B,) + (1,) * (real.dim() - 1))).detach().requires_grad_()
    (g,) = torch.autograd.grad(critic(x_hat).sum(), [x_hat], create_graph=True)
    return torch.mean((torch.linalg.vector_norm(g.reshape(B, -1), dim=1) - 1) ** 2)
