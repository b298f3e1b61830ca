import torch
import torch.nn.functional as F
from torch import nn


class FFN(nn.Module):
    def __init__(self, d_model: int, d_ff: int, activation: str = "relu"):
        super().__init__()
        if activation not in ("relu", "gelu"):
            raise ValueError(f"activation must be 'relu' or 'gelu', got {activation!r}")
        self.fc1 = nn.Linear(d_model, d_ff)      # weight (d_ff, d_model), bias (d_ff,)
        self.fc2 = nn.Linear(d_ff, d_model)      # weight (d_model, d_ff), bias (d_model,)
        self.activation = activation

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.fc1(x)                          # (..., d_ff): widen
        h = F.relu(h) if self.activation == "relu" else F.gelu(h)   # exact (erf) GELU, PyTorch's default
        return self.fc2(h)                       # (..., d_model): back to the residual width
