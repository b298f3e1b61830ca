import torch


def sinusoidal_pe(seq_len: int, d_model: int) -> torch.Tensor:
    pos = torch.arange(seq_len, dtype=torch.float32)[:, None]                      # (S, 1)
    inv_freq = 10000.0 ** (-torch.arange(0, d_model, 2, dtype=torch.float32) / d_model)   # (d/2,) 10000^(-2i/d)
    angles = pos * inv_freq                                                        # (S, d/2)
    # dims 2i and 2i+1 share angle i: sin on the even one, cos on the odd one (interleaved)
    return torch.stack([angles.sin(), angles.cos()], dim=-1).flatten(-2)           # (S, d)
