import torch
import torch.nn.functional as F


def d_loss(real_logits: torch.Tensor, fake_logits: torch.Tensor, kind: str = "ns") -> torch.Tensor:
    if kind == "ns":        # BCE with label 1 for real, 0 for fake: softplus keeps any logit finite
        return F.softplus(-real_logits).mean() + F.softplus(fake_logits).mean()
    if kind == "hinge":
        return F.relu(1 - real_logits).mean() + F.relu(1 + fake_logits).mean()
    return fake_logits.mean() - real_logits.mean()          # "wgan": the critic widens the gap


def g_loss(fake_logits: torch.Tensor, kind: str = "ns") -> torch.Tensor:
    if kind == "ns":        # non-saturating: -log D(G(z)), not log(1 - D(G(z)))
        return F.softplus(-fake_logits).mean()
    return -fake_logits.mean()                               # "hinge" and "wgan"


def gradient_penalty(critic, real: torch.Tensor, fake: torch.Tensor,
                     generator: torch.Generator | None = None) -> torch.Tensor:
    B = real.shape[0]
    alpha = torch.rand(B, generator=generator, dtype=real.dtype, device=real.device)
    alpha = alpha.reshape(B, *[1] * (real.dim() - 1))          # one mixing weight per sample
    x_hat = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
    (grad,) = torch.autograd.grad(critic(x_hat).sum(), x_hat, create_graph=True)   # the penalty trains the critic
    return ((grad.flatten(1).norm(dim=1) - 1) ** 2).mean()
