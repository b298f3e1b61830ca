import torch


def sinusoidal_pe(seq_len, d_model):
    dims = torch.arange(d_model)
    pair_start = (dims // 2 * 2).float()                      # 2i for both dim 2i and dim 2i+1
    angle = torch.arange(seq_len).float()[:, None] / torch.pow(10000.0, pair_start / d_model)
    return torch.where(dims % 2 == 0, torch.sin(angle), torch.cos(angle))
