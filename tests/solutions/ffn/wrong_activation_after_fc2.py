import torch.nn.functional as F
from torch import nn

EXPECT = {
    'values': 'activation applied after fc2 instead of between fc1 and fc2',
}


class FFN(nn.Module):
    def __init__(self, d_model, d_ff, activation="relu"):
        super().__init__()
        self.fc1 = nn.Linear(d_model, d_ff)
        self.fc2 = nn.Linear(d_ff, d_model)
        self.act = F.relu if activation == "relu" else F.gelu

    def forward(self, x):
        return self.act(self.fc2(self.fc1(x)))
