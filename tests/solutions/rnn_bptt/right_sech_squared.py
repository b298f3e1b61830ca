import torch


def rnn_forward(x, h0, W_xh, W_hh, b):
    return torch.stack(_states(x, h0, W_xh, W_hh, b)[1])


def _states(x, h0, W_xh, W_hh, b):
    pre, hs, h = [], [], h0
    for t in range(len(x)):
        a = torch.addmm(b, x[t], W_xh.t()) + torch.mm(h, W_hh.t())
        h = torch.tanh(a)
        pre.append(a)
        hs.append(h)
    return pre, hs


def rnn_backward(x, h0, W_xh, W_hh, b, dhs):
    pre, hs = _states(x, h0, W_xh, W_hh, b)
    grads = {"x": [None] * len(x), "W_xh": torch.zeros_like(W_xh), "W_hh": torch.zeros_like(W_hh),
             "b": torch.zeros_like(b)}
    dh = dhs[-1].clone()
    for t in reversed(range(len(x))):
        da = dh / torch.cosh(pre[t]) ** 2                  # tanh'(a) = sech²(a)
        grads["x"][t] = da.mm(W_xh)
        grads["W_xh"] = grads["W_xh"] + da.t().mm(x[t])
        grads["W_hh"] = grads["W_hh"] + da.t().mm(hs[t - 1] if t else h0)
        grads["b"] = grads["b"] + da.sum(0)
        dh = da.mm(W_hh) + (dhs[t - 1] if t else 0)
    return torch.stack(grads["x"]), dh, grads["W_xh"], grads["W_hh"], grads["b"]
