"""VAE: reparameterisation and the ELBO 变分自编码器VAE

Write the two pieces of a variational autoencoder's training step (Kingma & Welling 2014). The
encoder gives, for each sample, a diagonal Gaussian q(z | x) = N(mu, sigma²) as `mu` and
`logvar` = log sigma² (the log of the VARIANCE, not of sigma); the prior is N(0, I).

`reparameterize(mu, logvar, generator=None)`: a draw z ~ N(mu, sigma²), written so that
gradients flow to mu and logvar:

    z = mu + sigma · eps,    sigma = exp(logvar / 2),    eps ~ N(0, I)

- mu and logvar have the same shape (any); z has it too, with mu's dtype and device.
- eps is the only randomness, drawn from `generator` (e.g. torch.randn(mu.shape,
  generator=generator, dtype=mu.dtype, device=mu.device)); with generator=None, from torch's
  global random generator. The same seeded generator gives the same z.
- Graded by distribution: each element of z is held against N(mu, exp(logvar)) over many draws
  (false-fail rate below 1e-6), never against particular draws: any way of drawing eps is right.
  Gradients are graded exactly: dz/dmu = 1 and dz/dlogvar = (z - mu) / 2 element by element.

`vae_loss(x_logits, x, mu, logvar)`: the negative ELBO, returned as `(loss, recon, kl)`:

    recon = -log p(x | z) of a Bernoulli decoder: binary cross-entropy of the decoder's LOGITS
            x_logits against x (values in [0, 1]), summed over every non-batch dim   (B,)
    kl    = KL(N(mu, sigma²) || N(0, I)) in closed form, summed over the latent dims:
            -1/2 · sum(1 + logvar - mu² - exp(logvar))                               (B,)
    loss  = mean over the batch of recon + kl                                        0-dim

- x_logits and x are (B, ...) of any trailing shape; mu and logvar are (B, L).
- Stable for logits up to ±100 (a sigmoid that rounds to 0 or 1 must not give log(0)).
- Gradients flow to x_logits, mu and logvar (x is data). Output dtype and device are the
  inputs'; nothing is modified in place; no Python loop over the batch.

Example:
    >>> mu = torch.tensor([[0.0, 1.0], [2.0, -1.0]]); logvar = torch.tensor([[0.0, -2.0], [1.0, 0.5]])
    >>> reparameterize(mu, logvar, generator=torch.Generator().manual_seed(0))    # one draw
    tensor([[ 1.5410,  0.8921],
            [-1.5922, -0.2701]])
    >>> x_logits = torch.tensor([[2.0, -1.0, 0.0], [0.5, 3.0, -2.0]])
    >>> x = torch.tensor([[1.0, 0.0, 1.0], [0.0, 1.0, 0.5]])
    >>> vae_loss(x_logits, x, mu, logvar)
    (tensor(3.6420), tensor([1.1333, 2.1496]), tensor([1.0677, 2.9335]))
"""
import torch
import torch.nn.functional as F


def reparameterize(mu: torch.Tensor, logvar: torch.Tensor,
                   generator: torch.Generator | None = None) -> torch.Tensor:
    # TODO: eps from the generator, then mu + sigma · eps (about 2 lines)
    raise NotImplementedError


def vae_loss(x_logits: torch.Tensor, x: torch.Tensor, mu: torch.Tensor,
             logvar: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # TODO: the per-sample reconstruction and KL, and the batch mean of their sum (about 3 lines)
    raise NotImplementedError
