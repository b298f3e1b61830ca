"""AdamW step AdamW优化器

Write `adamw_step(params, grads, state, lr, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01)`:
one step of AdamW (Loshchilov & Hutter), exactly what `torch.optim.AdamW.step()` does. Called
once per training step; it updates `params` IN PLACE and returns None.

    step += 1
    p     *= 1 - lr * weight_decay                    decoupled weight decay (AdamW), first
    m      = beta1 * m + (1 - beta1) * g              exp_avg
    v      = beta2 * v + (1 - beta2) * g * g          exp_avg_sq
    m_hat  = m / (1 - beta1 ** step)                  bias corrections: m and v start at 0
    v_hat  = v / (1 - beta2 ** step)
    p     -= lr * m_hat / (sqrt(v_hat) + eps)         eps OUTSIDE the square root

- `params`: a list of float tensors of any shapes (0-dim included); like nn.Parameters they
  are leaves that require grad, so update them under `torch.no_grad()`, in place (p.mul_,
  p.add_, ...): the caller keeps these very tensors. `grads`: a list of tensors of the same
  shapes. Do not modify `grads`.
- `state`: a dict, empty on the first call; fill it then and update it on every call. Its
  layout is fixed (the grader compares it):
      state["step"]        a Python int, the number of steps taken (1 after the first call)
      state["exp_avg"]     a list of tensors, one per param: m
      state["exp_avg_sq"]  a list of tensors, one per param: v
- Decay is DECOUPLED: it shrinks the weights directly, it is not added to the gradient (that
  would be Adam with L2 regularisation, whose decay Adam's normalisation then rescales).
- A Python loop over the parameter tensors is fine (PyTorch's default does that); no loop
  over the elements or rows of a tensor. Do not use torch.optim.

Example:
    >>> p = torch.tensor([1.0, -2.0], requires_grad=True)
    >>> state = {}
    >>> adamw_step([p], [torch.tensor([0.5, -0.1])], state, lr=0.1, weight_decay=0.1)
    >>> p.data        # decay: [0.99, -1.98]; first step: m_hat = g, v_hat = g², so lr * sign(g)
    tensor([ 0.8900, -1.8800])
    >>> state["step"], state["exp_avg"], state["exp_avg_sq"]
    (1, [tensor([ 0.0500, -0.0100])], [tensor([2.5000e-04, 1.0000e-05])])
"""
import torch


def adamw_step(params: list[torch.Tensor], grads: list[torch.Tensor], state: dict, lr: float,
               betas: tuple[float, float] = (0.9, 0.999), eps: float = 1e-8, weight_decay: float = 0.01) -> None:
    # TODO: create the state on the first call, count the step, then for each param: decay,
    # update both moments, bias-correct, step (about 14 lines)
    raise NotImplementedError
