"""Optimizers: Adam, Adagrad, RMSprop, Lion 优化器

Write one step of four optimisers, each exactly what its PyTorch optimiser's `step()` does
(Lion: the paper's update; PyTorch has none). Each is called once per training step with the
same `state` dict, empty on the first call; it updates `params` IN PLACE and returns None.
`g` is a param's gradient, `p` the param; all arithmetic is elementwise.

`adam_step(params, grads, state, lr, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0)`:
torch.optim.Adam (not AdamW: the decay is L2, added to the gradient, then normalised with it).
    step += 1
    g      = g + weight_decay * p               L2 regularisation, BEFORE the moments
    m      = beta1 * m + (1 - beta1) * g
    v      = beta2 * v + (1 - beta2) * g * g
    p     -= lr * (m / (1 - beta1 ** step)) / (sqrt(v / (1 - beta2 ** step)) + eps)
  state: "step" (a Python int, 1 after the first call), "exp_avg" (m), "exp_avg_sq" (v).

`adagrad_step(params, grads, state, lr, eps=1e-10, weight_decay=0.0, initial_accumulator_value=0.0)`:
torch.optim.Adagrad (lr_decay 0).
    g      = g + weight_decay * p
    s      = s + g * g                          s starts at initial_accumulator_value
    p     -= lr * g / (sqrt(s) + eps)
  state: "sum" (s).

`rmsprop_step(params, grads, state, lr, alpha=0.99, eps=1e-8, weight_decay=0.0, momentum=0.0, centered=False)`:
torch.optim.RMSprop. No bias correction.
    g      = g + weight_decay * p
    sq     = alpha * sq + (1 - alpha) * g * g
    ga     = alpha * ga + (1 - alpha) * g       only when centered
    avg    = sqrt(sq - ga * ga) + eps           when centered, else sqrt(sq) + eps
    buf    = momentum * buf + g / avg;  p -= lr * buf      when momentum > 0
    p     -= lr * g / avg                                   when momentum == 0
  state: "square_avg" (sq); also "grad_avg" (ga) when centered, "momentum_buffer" (buf) when
  momentum > 0. Both start at zero.

`lion_step(params, grads, state, lr, betas=(0.9, 0.99), weight_decay=0.0)`: Lion (Chen et al.,
2023, "Symbolic Discovery of Optimization Algorithms"), with decoupled weight decay.
    c      = beta1 * m + (1 - beta1) * g        the step interpolates with beta1 ...
    p     -= lr * (sign(c) + weight_decay * p)  (p on the right is the param before this step)
    m      = beta2 * m + (1 - beta2) * g        ... the momentum is tracked with beta2, after
  state: "exp_avg" (m), starting at zero.

- Every state entry named above is a list of tensors, one per param, in the order of `params`.
  The grader compares these entries after every call (other keys you keep are not read).
- `params`: a list of float tensors of any shapes (0-dim included); like nn.Parameters they
  are leaves that require grad, so update them under `torch.no_grad()`, in place (p.add_,
  p.addcdiv_, ...): the caller keeps these very tensors. `grads`: a list of tensors of the same
  shapes. Do not modify `grads`.
- eps is added OUTSIDE the square root everywhere.
- A Python loop over the parameter tensors is fine; no loop over the elements or rows of a
  tensor. Do not use torch.optim.

Example:
    >>> p = torch.tensor([1.0, -2.0], requires_grad=True)
    >>> state = {}
    >>> adam_step([p], [torch.tensor([0.5, -0.1])], state, lr=0.1, weight_decay=0.1)
    >>> p.data        # g + 0.1 * p = [0.6, -0.3]; the first step is lr * sign of that
    tensor([ 0.9000, -1.9000])
    >>> state["step"], state["exp_avg"]
    (1, [tensor([ 0.0600, -0.0300])])
    >>> q, s = torch.tensor([1.0, -2.0], requires_grad=True), {}
    >>> adagrad_step([q], [torch.tensor([0.5, -0.1])], s, lr=0.1)
    >>> adagrad_step([q], [torch.tensor([0.5, 0.2])], s, lr=0.1)
    >>> q.data, s["sum"]
    (tensor([ 0.8293, -1.9894]), [tensor([0.5000, 0.0500])])
    >>> r, s = torch.tensor([1.0, -2.0], requires_grad=True), {}
    >>> rmsprop_step([r], [torch.tensor([0.5, -0.1])], s, lr=0.01)
    >>> r.data, s["square_avg"]      # lr / sqrt(1 - alpha) = 0.1 against the gradient
    (tensor([ 0.9000, -1.9000]), [tensor([0.0025, 0.0001])])
    >>> w, s = torch.tensor([1.0, -2.0], requires_grad=True), {}
    >>> lion_step([w], [torch.tensor([0.5, -0.1])], s, lr=0.1, weight_decay=0.1)
    >>> w.data, s["exp_avg"]         # [1, -2] * (1 - 0.01) - 0.1 * sign(g)
    (tensor([ 0.8900, -1.8800]), [tensor([ 0.0050, -0.0010])])
"""
import torch


def adam_step(params: list[torch.Tensor], grads: list[torch.Tensor], state: dict, lr: float,
              betas: tuple[float, float] = (0.9, 0.999), eps: float = 1e-8, weight_decay: float = 0.0) -> None:
    # TODO: create the state on the first call, count the step, then for each param: L2 into the
    # gradient, both moments, bias corrections, the step (about 12 lines)
    raise NotImplementedError


def adagrad_step(params: list[torch.Tensor], grads: list[torch.Tensor], state: dict, lr: float, eps: float = 1e-10,
                 weight_decay: float = 0.0, initial_accumulator_value: float = 0.0) -> None:
    # TODO: the sums on the first call; then for each param: L2, accumulate g², step (about 6 lines)
    raise NotImplementedError


def rmsprop_step(params: list[torch.Tensor], grads: list[torch.Tensor], state: dict, lr: float, alpha: float = 0.99,
                 eps: float = 1e-8, weight_decay: float = 0.0, momentum: float = 0.0, centered: bool = False) -> None:
    # TODO: the state on the first call; then for each param: L2, the square average, the centred
    # denominator when asked, the plain or momentum step (about 18 lines)
    raise NotImplementedError


def lion_step(params: list[torch.Tensor], grads: list[torch.Tensor], state: dict, lr: float,
              betas: tuple[float, float] = (0.9, 0.99), weight_decay: float = 0.0) -> None:
    # TODO: the momentum on the first call; then for each param: the sign of the beta1
    # interpolation, decay and step, then the beta2 momentum (about 8 lines)
    raise NotImplementedError
