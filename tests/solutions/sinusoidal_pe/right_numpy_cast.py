import numpy as np
import torch


def sinusoidal_pe(seq_len: int, d_model: int) -> torch.Tensor:
    two_i = np.arange(0, d_model, 2)
    angles = np.outer(np.arange(seq_len), 1.0 / 10000 ** (two_i / d_model))   # float64
    pe = np.empty((seq_len, d_model))
    pe[:, ::2], pe[:, 1::2] = np.sin(angles), np.cos(angles)
    return torch.from_numpy(pe).float()
