"""Muon optimiser step Muon优化器

Write two functions: `newton_schulz(G, steps=5)`, which orthogonalises a matrix with the quintic
Newton–Schulz iteration of Muon (Keller Jordan, 2024), and `muon_step(params, grads, state, lr,
momentum=0.95, nesterov=True, ns_steps=5, weight_decay=0.0)`, one step of Muon — what
`torch.optim.Muon.step()` computes with the same hyperparameters, but in the params' own dtype.
Muon replaces each 2-D weight's update by the nearest "orthogonal" matrix, U Vᵀ of the momentum's
SVD U S Vᵀ, approximated without an SVD.

newton_schulz(G), G a float (rows, cols) matrix:

    X = Gᵀ if rows > cols else G           work on the WIDE orientation: the Gram matrix X Xᵀ is
                                           (r, r), r = min(rows, cols) — never (max, max)
    X = X / (‖X‖_F + 1e-7)                 Frobenius norm: every singular value in [0, 1]; the
                                           1e-7 only keeps a zero matrix at 0 (torch.optim.Muon's
                                           norm.clamp(min=1e-7) is as good)
    repeat `steps` times, with (a, b, c) = (3.4445, -4.7750, 2.0315):
        A = X Xᵀ
        X = a·X + (b·A + c·A·A) X          each singular value s becomes a·s + b·s³ + c·s⁵
    return Xᵀ if rows > cols else X        the shape of G

  These coefficients push every singular value quickly into about [0.7, 1.2] rather than exactly
  to 1 (graded: near 1, not equal to 1). Compute in G's dtype (no cast to bfloat16).

muon_step, per param p (a 2-D matrix) with gradient g and momentum buffer buf:

    buf = momentum · buf + (1 - momentum) · g          buf.lerp_(g, 1 - momentum); buf starts at 0
    u   = (1 - momentum) · g + momentum · buf          if nesterov (the updated buf), else u = buf
    O   = newton_schulz(u, ns_steps)
    p  *= 1 - lr · weight_decay                        decoupled weight decay, plain lr, first
    p  -= lr · sqrt(max(1, rows / cols)) · O           tall matrices take a larger step

- `params`: a list of float 2-D tensors (1 x n and n x 1 included); like nn.Parameters they are
  leaves that require grad: update them IN PLACE under `torch.no_grad()`; return None. `grads`:
  the same shapes; do not modify them.
- `state`: a dict, empty on the first call; then `state["momentum_buffer"]` is a list of tensors,
  one per param (the grader compares it after every call).
- A zero gradient gives a zero update (that is what the 1e-7 is for). No gradient is graded.
- A Python loop over the params and over the `steps` iterations is fine; no loop over rows or
  elements. Do not use torch.optim.

Example:
    >>> newton_schulz(torch.tensor([[3.0, 0.0], [0.0, 4.0]]))      # singular values 0.6, 0.8 after norming
    tensor([[0.7229, 0.0000],
            [0.0000, 1.1192]])
    >>> p = torch.tensor([[1.0, -1.0], [0.5, 2.0]], requires_grad=True)
    >>> state = {}
    >>> muon_step([p], [torch.tensor([[0.5, 0.0], [0.0, -0.25]])], state, lr=0.1)
    >>> p.data                               # p - 0.1 · newton_schulz(u), u = 0.0975 · g
    tensor([[ 0.9311, -1.0000],
            [ 0.5000,  2.1114]])
    >>> state["momentum_buffer"]             # 0.05 · g
    [tensor([[ 0.0250,  0.0000],
            [ 0.0000, -0.0125]])]
"""
import torch


def newton_schulz(G: torch.Tensor, steps: int = 5) -> torch.Tensor:
    # TODO: orient wide, normalise by the Frobenius norm, `steps` quintic iterations, orient back
    # (about 9 lines)
    raise NotImplementedError


def muon_step(params: list[torch.Tensor], grads: list[torch.Tensor], state: dict, lr: float,
              momentum: float = 0.95, nesterov: bool = True, ns_steps: int = 5, weight_decay: float = 0.0) -> None:
    # TODO: create the buffers on the first call; for each param: momentum, Nesterov, orthogonalise,
    # decay, scaled step (about 11 lines)
    raise NotImplementedError
