import torch

EXPECT = {
    'banned calls': '',
}


def rnn_forward(x, h0, W_xh, W_hh, b):
    hs, h = [], h0
    for x_t in x:
        h = torch.tanh(x_t @ W_xh.T + h @ W_hh.T + b)
        hs.append(h)
    return torch.stack(hs)


def rnn_backward(x, h0, W_xh, W_hh, b, dhs):
    leaves = [t.detach().clone().requires_grad_() for t in (x, h0, W_xh, W_hh, b)]
    with torch.enable_grad():
        hs = rnn_forward(*leaves)
        return torch.autograd.grad(hs, leaves, dhs)
