import torch


def rnn_forward(x: torch.Tensor, h0: torch.Tensor, W_xh: torch.Tensor, W_hh: torch.Tensor,
                b: torch.Tensor) -> torch.Tensor:
    hs, h = [], h0
    for x_t in x:                                                   # the time steps, in order
        h = torch.tanh(x_t @ W_xh.T + h @ W_hh.T + b)               # (B, H)
        hs.append(h)
    return torch.stack(hs)                                          # (T, B, H)


def rnn_backward(x: torch.Tensor, h0: torch.Tensor, W_xh: torch.Tensor, W_hh: torch.Tensor, b: torch.Tensor,
                 dhs: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    hs = rnn_forward(x, h0, W_xh, W_hh, b)
    prev = torch.cat([h0[None], hs[:-1]])                           # h_{t-1} for every t: (T, B, H)
    dx, dW_xh, dW_hh, db = torch.zeros_like(x), torch.zeros_like(W_xh), torch.zeros_like(W_hh), torch.zeros_like(b)
    dh = torch.zeros_like(h0)                                       # dL/dh_t from the steps after t
    for t in reversed(range(x.shape[0])):
        dh = dh + dhs[t]                                            # h_t feeds the loss and step t + 1
        da = dh * (1 - hs[t] ** 2)                                  # tanh' from its output: 1 - h_t²
        dx[t] = da @ W_xh
        dW_xh += da.T @ x[t]
        dW_hh += da.T @ prev[t]
        db += da.sum(0)
        dh = da @ W_hh                                              # on to h_{t-1}
    return dx, dh, dW_xh, dW_hh, db
