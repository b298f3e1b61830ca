"""LayerNorm backward by hand 手推LayerNorm反向传播

Write `layernorm_backward(dout, x, gamma, eps=1e-5)`: the gradients of a LayerNorm over the last
dim, derived and computed by hand — no autograd.

The forward, as nn.LayerNorm(d, eps) with weight `gamma` and bias `beta` computes it, for each
vector of d numbers along the last dim:

    mean = x.mean(-1)
    var  = ((x - mean) ** 2).mean(-1)           # biased: divided by d
    xhat = (x - mean) / sqrt(var + eps)
    y    = gamma * xhat + beta

Given `dout` = dL/dy, return `(dx, dgamma, dbeta)` = dL/d(x, gamma, beta).

- `x` and `dout` are `(..., d)` (any number of leading dims, none included), `gamma` is `(d,)`,
  `eps` a float > 0. `beta` does not appear in any gradient, so it is not passed.
- `dx` has x's shape; `dgamma` and `dbeta` are `(d,)`: each sums over EVERY leading dim (every
  vector of the batch), not only dim 0.
- Careful with dx: `mean` and `var` are functions of every element of the vector, so each x_i
  reaches L through xhat_i directly AND through the mean and the variance. Leave a path out and
  dx is wrong. The variance is the biased one (divided by d), as in the forward.
- Float inputs are float32 (float64 must work too); the outputs have x's dtype and device. The
  inputs are not modified. No Python loop over the vectors.
- Not allowed: torch.autograd.grad, Tensor.backward, torch.autograd.backward, torch.func, and
  aten's native_layer_norm_backward — the drill is to do the calculus yourself.

Example (one vector, d = 3):
    >>> x, gamma = torch.tensor([1.0, 2.0, 4.0]), torch.tensor([1.0, 1.0, 1.0])
    >>> dout = torch.tensor([1.0, 0.0, 0.0])             # L = y[0]
    >>> dx, dgamma, dbeta = layernorm_backward(dout, x, gamma)
    >>> dx                                  # sums to 0: a shift of x changes nothing
    tensor([ 0.2291, -0.3436,  0.1145])
    >>> dgamma, dbeta                                    # dout * xhat, dout
    (tensor([-1.0690,  0.0000,  0.0000]), tensor([1., 0., 0.]))
"""
import torch


def layernorm_backward(dout: torch.Tensor, x: torch.Tensor, gamma: torch.Tensor,
                       eps: float = 1e-5) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # TODO: recompute mean, var, xhat; dgamma and dbeta by summing over the leading dims; then
    # dx through xhat, the mean and the variance (about 8 lines)
    raise NotImplementedError
