import math

import torch

EXPECT = {
    'values': 'sin and cos swapped: sin goes on the even dims, cos on the odd dims',
    'position 0 is [0, 1, 0, 1, ...]': 'sin and cos swapped: sin goes on the even dims, cos on the odd dims',
}


def sinusoidal_pe(seq_len, d_model):
    pe = torch.zeros(seq_len, d_model)
    position = torch.arange(seq_len).unsqueeze(1).float()
    div_term = torch.exp(torch.arange(0, d_model, 2).float() * (-math.log(10000.0) / d_model))
    pe[:, 0::2] = torch.cos(position * div_term)
    pe[:, 1::2] = torch.sin(position * div_term)
    return pe
