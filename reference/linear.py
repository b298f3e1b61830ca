import torch


def linear(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:
    y = x @ weight.T               # (..., d_out): matmul broadcasts over every leading dim at once
    if bias is not None:
        y = y + bias               # (d_out,) broadcasts along the last dim; not in place, y may be a view
    return y
