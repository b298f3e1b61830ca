import torch

EXPECT = {
    'values': 'sin and cos halves concatenated instead of interleaved (sin on even dims, cos on odd dims)',
    'sin² + cos² = 1 for each pair of dims': '',
    'position 0 is [0, 1, 0, 1, ...]': 'sin and cos halves concatenated instead of interleaved (sin on even dims, cos on odd dims)',
}


def sinusoidal_pe(seq_len, d_model):
    pos = torch.arange(seq_len).float().unsqueeze(1)
    freq = 1.0 / (10000 ** (torch.arange(0, d_model, 2).float() / d_model))
    angles = pos * freq
    return torch.cat([torch.sin(angles), torch.cos(angles)], dim=-1)
