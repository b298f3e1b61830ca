"""SGD with momentum 动量SGD

Write `sgd_step(params, grads, state, lr, momentum=0.9, nesterov=False, weight_decay=0.0)`: one
step of stochastic gradient descent with momentum, exactly what `torch.optim.SGD.step()` does
(dampening 0). Called once per training step; it updates `params` IN PLACE and returns None.

    d   = g + weight_decay * p                 L2 decay joins the gradient, BEFORE momentum
    buf = d                        on the first step (PyTorch starts the buffer at the gradient)
    buf = momentum * buf + d       on every later step
    p  -= lr * buf                             plain momentum
    p  -= lr * (d + momentum * buf)            Nesterov (nesterov=True), with the UPDATED buf

- `params`: a list of float tensors of any shapes (0-dim included); like nn.Parameters they
  are leaves that require grad, so update them under `torch.no_grad()`, in place (p.add_,
  p.sub_, ...): the caller keeps these very tensors. `grads`: a list of tensors of the same
  shapes. Do not modify `grads` (a first buffer that IS the gradient tensor, not a copy, would
  be changed by the next call's buf.mul_()).
- `nesterov=True` comes only with momentum > 0 (PyTorch refuses it otherwise).
- `state`: a dict, empty on the first call; fill it then and update it on every call. Its
  layout is fixed (the grader compares it whenever momentum != 0):
      state["momentum_buffer"]   a list of tensors, one per param: buf
  With momentum = 0 this is plain SGD, p -= lr * d; the state is then not graded.
- Note that lr multiplies the buffer at the update; the buffer itself holds no lr.
- A Python loop over the parameter tensors is fine (PyTorch's default does that); no loop
  over the elements or rows of a tensor. Do not use torch.optim.

Example:
    >>> p = torch.tensor([1.0, -2.0], requires_grad=True)
    >>> state = {}
    >>> sgd_step([p], [torch.tensor([0.5, -0.1])], state, lr=0.1)
    >>> p.data, state["momentum_buffer"]          # first step: buf = g
    (tensor([ 0.9500, -1.9900]), [tensor([ 0.5000, -0.1000])])
    >>> sgd_step([p], [torch.tensor([0.3, 0.2])], state, lr=0.1)
    >>> p.data, state["momentum_buffer"]          # buf = 0.9 * [0.5, -0.1] + [0.3, 0.2]
    (tensor([ 0.8750, -2.0010]), [tensor([0.7500, 0.1100])])
"""
import torch


def sgd_step(params: list[torch.Tensor], grads: list[torch.Tensor], state: dict, lr: float, momentum: float = 0.9,
             nesterov: bool = False, weight_decay: float = 0.0) -> None:
    # TODO: decayed gradients; the buffers (a copy of d on the first call, momentum * buf + d after);
    # then the plain or Nesterov update, in place without autograd (about 10 lines)
    raise NotImplementedError
