import torch.nn.functional as F
from torch import nn

EXPECT = {
    'values': '`activation` ignored: always GELU',
}


class FFN(nn.Module):
    def __init__(self, d_model, d_ff, activation="relu"):
        super().__init__()
        self.fc1 = nn.Linear(d_model, d_ff)
        self.fc2 = nn.Linear(d_ff, d_model)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x)))           # the activation string is never read
