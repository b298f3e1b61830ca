import numpy as np
import torch

EXPECT = {
    'dtype': '',
}


def sinusoidal_pe(seq_len, d_model):
    pos = np.arange(seq_len)[:, None]
    i = np.arange(0, d_model, 2)[None, :]
    angles = pos / np.power(10000, i / d_model)
    pe = np.zeros((seq_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return torch.from_numpy(pe)
