import torch

EXPECT = {
    'values': 'exponent i/d instead of 2i/d (i is the index of the pair of dims)',
}


def sinusoidal_pe(seq_len, d_model):
    pe = torch.zeros(seq_len, d_model)
    pos = torch.arange(seq_len, dtype=torch.float32)[:, None]
    i = torch.arange(d_model // 2, dtype=torch.float32)
    angles = pos / 10000 ** (i / d_model)
    pe[:, 0::2] = torch.sin(angles)
    pe[:, 1::2] = torch.cos(angles)
    return pe
