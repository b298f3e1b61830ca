"""Vanilla RNN and backpropagation through time by hand 手推RNN与BPTT

A single-layer tanh RNN over a sequence, and its gradients computed by hand: torch.autograd and
.backward() are not allowed (they are checked while your code runs), nor nn.RNN and its kin.

Shapes: x (T, B, D) the inputs, time first, T >= 1; h0 (B, H) the first state; W_xh (H, D),
W_hh (H, H), b (H,) — weights are (out, in), as in nn.Linear.

    a_t = x_t @ W_xh.T + h_{t-1} @ W_hh.T + b      # (B, H) the pre-activation
    h_t = tanh(a_t)                                 # t = 1 .. T, starting from h_0 = h0

1. `rnn_forward(x, h0, W_xh, W_hh, b) -> hs (T, B, H)`: every step's h_t, in order (hs[0] is h_1).
2. `rnn_backward(x, h0, W_xh, W_hh, b, dhs) -> (dx, dh0, dW_xh, dW_hh, db)`: the gradients of
   L = sum(hs * dhs), where dhs (T, B, H) is dL/dh_t coming from a loss at EVERY step. Each has
   the shape of the input it is the gradient of. It may run the forward again itself.
   - h_t reaches L directly (dhs[t]) and through h_{t+1}: walk t = T .. 1 backwards, carrying
     dL/dh_t from the later steps and adding dhs[t] to it.
   - tanh'(a_t) = 1 - tanh(a_t)² = 1 - h_t²: from the OUTPUT h_t, not the pre-activation.
   - The weights are shared by every step: their gradients are sums over t. dh0 is what is
     carried past the first step.
- Vectorise over the batch: a Python loop over the time steps is expected, none over B.
- The output has the inputs' dtype and device; inputs are not modified.

Example (T=2, B=1, D=1, H=1):
    >>> torch.set_printoptions(precision=4)
    >>> x = torch.tensor([[[1.0]], [[0.5]]]); h0 = torch.zeros(1, 1)
    >>> W_xh, W_hh, b = torch.tensor([[1.0]]), torch.tensor([[0.5]]), torch.zeros(1)
    >>> rnn_forward(x, h0, W_xh, W_hh, b).flatten()           # tanh(1), tanh(0.5 + 0.5 · 0.7616)
    tensor([0.7616, 0.7068])
    >>> dhs = torch.tensor([[[0.0]], [[1.0]]])                    # L = h_2: no loss at step 1
    >>> dx, dh0, dW_xh, dW_hh, db = rnn_backward(x, h0, W_xh, W_hh, b, dhs)
    >>> dx.flatten(), dh0                  # step 1 still gets 0.5 · (1 - 0.7068²) · (1 - 0.7616²)
    (tensor([0.1051, 0.5004]), tensor([[0.0525]]))
    >>> dW_xh, dW_hh, db
    (tensor([[0.3553]]), tensor([[0.3811]]), tensor([0.6055]))
"""
import torch


def rnn_forward(x: torch.Tensor, h0: torch.Tensor, W_xh: torch.Tensor, W_hh: torch.Tensor,
                b: torch.Tensor) -> torch.Tensor:
    # TODO: h = h0; for each x_t: h = tanh(x_t W_xhᵀ + h W_hhᵀ + b); stack the states (about 5 lines)
    raise NotImplementedError


def rnn_backward(x: torch.Tensor, h0: torch.Tensor, W_xh: torch.Tensor, W_hh: torch.Tensor, b: torch.Tensor,
                 dhs: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    # TODO: forward again; backwards over t: dh += dhs[t]; da = dh * (1 - h_t²); accumulate dx[t], dW_xh,
    # dW_hh (with h_{t-1}), db; dh = da W_hh; dh0 is the last dh (about 15 lines)
    raise NotImplementedError
