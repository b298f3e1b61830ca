import torch
from torch.optim._functional import adamw

EXPECT = {
    'banned calls': '',
}


def adamw_step(params, grads, state, lr, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01):
    if not state:
        state["step"] = 0
        state["exp_avg"] = [torch.zeros_like(p) for p in params]
        state["exp_avg_sq"] = [torch.zeros_like(p) for p in params]
    state["step"] += 1
    steps = [torch.tensor(float(state["step"] - 1)) for _ in params]   # adamw() counts the step itself
    with torch.no_grad():
        adamw(params, list(grads), state["exp_avg"], state["exp_avg_sq"], [], steps, amsgrad=False,
              beta1=betas[0], beta2=betas[1], lr=lr, weight_decay=weight_decay, eps=eps, maximize=False)
