import torch

EXPECT = {
    'no loop': '',
}


def sinusoidal_pe(seq_len, d_model):
    pe = torch.zeros(seq_len, d_model)
    pos = torch.arange(seq_len, dtype=torch.float32)
    for i in range(0, d_model, 2):                     # one pair of dims at a time
        freq = 10000.0 ** (-i / d_model)
        pe[:, i] = torch.sin(pos * freq)
        pe[:, i + 1] = torch.cos(pos * freq)
    return pe
