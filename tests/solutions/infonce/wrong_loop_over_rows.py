import torch
import torch.nn.functional as F

EXPECT = {
    'no loop': '',
}


def infonce_loss(a, b, temperature=0.07):
    a = F.normalize(a, dim=-1)
    b = F.normalize(b, dim=-1)
    N = a.shape[0]
    total = 0.0
    for i in range(N):
        total = total - F.log_softmax(a[i] @ b.T / temperature, dim=0)[i]
        total = total - F.log_softmax(b[i] @ a.T / temperature, dim=0)[i]
    return total / (2 * N)
