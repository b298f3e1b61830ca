import torch

EXPECT = {
    'no loop': '',
}


def sinusoidal_pe(seq_len, d_model):
    pe = torch.zeros(seq_len, d_model)
    freq = 10000.0 ** (-torch.arange(0, d_model, 2).float() / d_model)
    for pos in range(seq_len):
        pe[pos, 0::2] = torch.sin(pos * freq)
        pe[pos, 1::2] = torch.cos(pos * freq)
    return pe
