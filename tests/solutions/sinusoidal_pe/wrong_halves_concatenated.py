import torch

EXPECT = {"check": "values", "mistake": "concatenated instead of interleaved"}


def sinusoidal_pe(seq_len, d_model):
    pos = torch.arange(seq_len).float().unsqueeze(1)
    freq = 1.0 / (10000 ** (torch.arange(0, d_model, 2).float() / d_model))
    angles = pos * freq
    return torch.cat([torch.sin(angles), torch.cos(angles)], dim=-1)
