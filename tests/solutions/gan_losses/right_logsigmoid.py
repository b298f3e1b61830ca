import torch
import torch.nn.functional as F


def d_loss(real_logits, fake_logits, kind="ns"):
    if kind == "ns":
        return -F.logsigmoid(real_logits).mean() - F.logsigmoid(-fake_logits).mean()   # 1 - s(z) = s(-z)
    if kind == "hinge":
        return torch.clamp(1.0 - real_logits, min=0).mean() + torch.clamp(1.0 + fake_logits, min=0).mean()
    if kind == "wgan":
        return torch.mean(fake_logits) - torch.mean(real_logits)
    raise ValueError(kind)


def g_loss(fake_logits, kind="ns"):
    if kind == "ns":
        return -F.logsigmoid(fake_logits).mean()
    return -torch.mean(fake_logits)


def gradient_penalty(critic, real, fake, generator=None):
    batch = real.size(0)
    alpha = torch.rand(batch, generator=generator, dtype=real.dtype, device=real.device)
    alpha = alpha.view(batch, *([1] * (real.dim() - 1)))
    x_hat = real * alpha + fake * (1 - alpha)
    x_hat.requires_grad_(True)
    scores = critic(x_hat)
    grads = torch.autograd.grad(outputs=scores, inputs=x_hat, grad_outputs=torch.ones_like(scores),
                                create_graph=True, retain_graph=True)[0]
    norms = grads.reshape(batch, -1).pow(2).sum(dim=1).sqrt()
    return (norms - 1).pow(2).mean()
