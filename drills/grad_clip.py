"""Gradient clipping by global norm 梯度裁剪

Write `clip_grad_norm(grads, max_norm, eps=1e-6)`: treat all the gradient tensors as ONE long
vector, compute its L2 norm, and if it is above `max_norm` scale every tensor IN PLACE so that the
global norm becomes (just under) `max_norm`. This is `torch.nn.utils.clip_grad_norm_`, which a
training loop calls between `loss.backward()` and `optimizer.step()`.

    total_norm = sqrt(sum over all tensors g, all elements i of g_i ** 2)
    if total_norm > max_norm:
        g *= max_norm / (total_norm + eps)   for every g, in place

(PyTorch writes the factor as min(1, max_norm / (total_norm + eps)) and always multiplies; the
two agree except within eps below max_norm, and either is accepted.)

- `grads` is a list of float tensors of any shapes (0-dim included), all on one device. Modify them
  in place (`g.mul_(...)`): they are the parameters' `.grad` tensors the optimiser will read, so
  returning new tensors (or putting new tensors into the list) changes nothing for the optimiser.
- At or below `max_norm` the gradients are left as they are: never scaled up.
- Return `total_norm`, the norm BEFORE clipping, as a 0-dim tensor on the gradients' device (as
  PyTorch does: logging it shows how large the gradients were). No `.item()` is needed.
- Tensor operations on each gradient: a loop over the list of tensors is fine, no Python loop over
  the elements of a tensor.
- Do not call torch.nn.utils.clip_grad_norm_, clip_grads_with_norm_ or get_total_norm.

Example:
    >>> grads = [torch.tensor([3.0, 0.0]), torch.tensor([[4.0]])]
    >>> clip_grad_norm(grads, max_norm=1.0)         # the global norm is sqrt(9 + 16) = 5
    tensor(5.)
    >>> grads                                        # each scaled by 1 / (5 + 1e-6)
    [tensor([0.6000, 0.0000]), tensor([[0.8000]])]
"""
import torch


def clip_grad_norm(grads: list[torch.Tensor], max_norm: float, eps: float = 1e-6) -> torch.Tensor:
    # TODO: global L2 norm over all tensors, then one scale factor applied in place (about 5 lines)
    raise NotImplementedError
