"""LoRA linear LoRA低秩适配

Write the module `LoRALinear(d_in, d_out, rank, alpha)`: a linear layer (no bias) whose
pretrained weight is FROZEN, adapted by a trainable low-rank update (Hu et al. 2021; the
`peft` library's LoRA layer):

    y = x @ weight.T  +  (alpha / rank) * (x @ lora_A.T) @ lora_B.T

- Parameters (names and shapes are fixed; the grader loads its own values), all nn.Parameter:
    `weight` (d_out, d_in): the pretrained weight, frozen — requires_grad=False;
    `lora_A` (rank, d_in): trainable, random at init (e.g. randn / sqrt(d_in));
    `lora_B` (d_out, rank): trainable, ZEROS at init, so the adapted layer starts out exactly
    as the pretrained one.
  Only lora_A and lora_B get gradients; weight never does.
- The scale is alpha / rank (not alpha): changing the rank then keeps the update's size.
- `x` is (..., d_in); the output (..., d_out), with x's dtype and device. Go through the
  rank-r bottleneck (x @ A.T first) rather than forming the (d_out, d_in) matrix B @ A each call.
- `merge()` folds the update into the weight for inference: weight += (alpha / rank) * lora_B @ lora_A,
  in place and outside autograd (torch.no_grad()), so weight stays frozen. After merge() the
  layer computes x @ weight.T only (keep a plain attribute such as self.merged = True): the
  output must not change.
- The grader loads its own non-zero values into weight, lora_A and lora_B (so that the LoRA path
  shows), then compares the output and the gradients of x, lora_A and lora_B; after merge(), the
  weight and the output; and, on a newly built layer, that lora_B is zero and lora_A is not. It
  counts the multiply-adds of your matrix products to see the rank-r bottleneck.

Example:
    >>> layer = LoRALinear(2, 2, rank=1, alpha=2.0)          # scale 2
    >>> with torch.no_grad():
    ...     layer.weight.copy_(torch.eye(2)); layer.lora_A.copy_(torch.tensor([[1.0, 1.0]]))
    ...     layer.lora_B.copy_(torch.tensor([[1.0], [0.0]]))
    >>> x = torch.tensor([[1.0, 2.0]])
    >>> layer(x)               # x W^T = [1, 2]; x A^T = [3]; [3] B^T = [3, 0]; times 2
    tensor([[7., 2.]], grad_fn=<AddBackward0>)
    >>> layer.merge()
    >>> layer.weight.data, layer(x)        # the same output from the merged weight alone
    (tensor([[3., 2.], [0., 1.]]), tensor([[7., 2.]]))
"""
import torch
from torch import nn


class LoRALinear(nn.Module):
    def __init__(self, d_in: int, d_out: int, rank: int, alpha: float):
        # TODO: super().__init__(); the scale; `weight` frozen, `lora_A` random, `lora_B` zeros,
        # all nn.Parameter; a flag for merged (about 6 lines)
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO: the frozen path plus the scaled low-rank path, unless merged (about 4 lines)
        raise NotImplementedError

    def merge(self) -> None:
        # TODO: fold scale * lora_B @ lora_A into weight without autograd; mark merged (about 3 lines)
        raise NotImplementedError
