import torch

EXPECT = {
    'rnn_backward: inputs unchanged': 'an input modified in place: work on new tensors',
}


def rnn_forward(x, h0, W_xh, W_hh, b):
    hs, h = [], h0
    for x_t in x:
        h = torch.tanh(x_t @ W_xh.T + h @ W_hh.T + b)
        hs.append(h)
    return torch.stack(hs)


def rnn_backward(x, h0, W_xh, W_hh, b, dhs):
    hs = rnn_forward(x, h0, W_xh, W_hh, b)
    dx, dW_xh, dW_hh, db = torch.zeros_like(x), torch.zeros_like(W_xh), torch.zeros_like(W_hh), torch.zeros_like(b)
    for t in reversed(range(x.shape[0])):
        da = dhs[t] * (1 - hs[t] ** 2)
        h_prev = hs[t - 1] if t > 0 else h0
        dx[t] = da @ W_xh
        dW_xh += da.T @ x[t]
        dW_hh += da.T @ h_prev
        db += da.sum(0)
        if t > 0:
            dhs[t - 1] += da @ W_hh          # the carry added into the caller's dhs
        else:
            dh0 = da @ W_hh
    return dx, dh0, dW_xh, dW_hh, db
