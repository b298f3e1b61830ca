"""GAN losses: non-saturating, hinge and WGAN-GP GAN损失函数

Write the discriminator's and the generator's losses of three GAN formulations, and WGAN-GP's
gradient penalty. The discriminator (or critic) gives one raw score per sample, a LOGIT for
"ns" (D(x) = sigmoid(logit)): `real_logits` on real data and `fake_logits` on generated data,
float tensors (B,). Every loss is a 0-dim tensor, a mean over the batch.

`d_loss(real_logits, fake_logits, kind="ns")` (the discriminator minimises it):

    "ns"     binary cross-entropy, real labelled 1, fake labelled 0:
             mean(-log sigmoid(real)) + mean(-log(1 - sigmoid(fake)))
    "hinge"  mean(relu(1 - real)) + mean(relu(1 + fake))
    "wgan"   mean(fake) - mean(real)

`g_loss(fake_logits, kind="ns")` (the generator minimises it):

    "ns"     the NON-saturating loss mean(-log sigmoid(fake)); not the saturating
             mean(log(1 - sigmoid(fake))), whose gradient vanishes when D rejects the fakes
    "hinge"  -mean(fake)
    "wgan"   -mean(fake)

- Stable for logits up to ±100: a sigmoid that rounds to 0 or 1 must not give log(0)
  (-log sigmoid(z) = softplus(-z)). Gradients flow to the logits. No Python loop over the batch.

`gradient_penalty(critic, real, fake, generator=None)`: WGAN-GP's penalty (Gulrajani et al.
2017), which the caller adds to the critic's "wgan" loss times its weight (10):

    alpha = torch.rand(B, generator=generator, dtype=real.dtype, device=real.device)
    x_hat = alpha · real + (1 - alpha) · fake          one alpha per sample, broadcast over it
    penalty = mean over the batch of (‖∇ critic(x_hat)‖₂ - 1)²

- real and fake are (B, ...) of any trailing shape (fake comes from the generator, detached);
  `critic(x)` maps (B, ...) to scores (B,). ∇ is the gradient of sample i's score with respect
  to x_hat[i]; its norm is over all of that sample's elements.
- alpha is drawn with exactly that call, the only random call (graded against the same draws).
- The penalty must train the critic: its value keeps the graph through the gradient
  (torch.autograd.grad(..., create_graph=True)), so that penalty.backward() reaches the critic's
  parameters. Nothing is modified in place.

Example:
    >>> real, fake = torch.tensor([2.0, -1.0, 0.5]), torch.tensor([-3.0, 0.0, 1.0])
    >>> d_loss(real, fake), d_loss(real, fake, "hinge"), d_loss(real, fake, "wgan")
    (tensor(1.3231), tensor(1.8333), tensor(-1.1667))
    >>> g_loss(fake), g_loss(fake, "hinge")
    (tensor(1.3517), tensor(0.6667))
    >>> critic = lambda x: (x ** 2).sum(1)             # gradient 2 · x_hat; alpha = [0.4963, 0.7682]
    >>> gradient_penalty(critic, torch.ones(2, 2), torch.zeros(2, 2), torch.Generator().manual_seed(0))
    tensor(0.7693, grad_fn=<MeanBackward0>)
"""
import torch
import torch.nn.functional as F


def d_loss(real_logits: torch.Tensor, fake_logits: torch.Tensor, kind: str = "ns") -> torch.Tensor:
    # TODO: one line per kind; for "ns", -log sigmoid(z) = softplus(-z) (about 6 lines)
    raise NotImplementedError


def g_loss(fake_logits: torch.Tensor, kind: str = "ns") -> torch.Tensor:
    # TODO: the non-saturating loss, or -mean(fake) (about 3 lines)
    raise NotImplementedError


def gradient_penalty(critic, real: torch.Tensor, fake: torch.Tensor,
                     generator: torch.Generator | None = None) -> torch.Tensor:
    # TODO: alpha per sample, x_hat that requires grad, the critic's gradient with create_graph=True,
    # per-sample norms, the mean squared distance to 1 (about 6 lines)
    raise NotImplementedError
