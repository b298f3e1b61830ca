from torch import nn

EXPECT = {
    'parameters': '',
}


class FFN(nn.Module):
    def __init__(self, d_model, d_ff, activation="relu"):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d_model, d_ff), nn.ReLU() if activation == "relu" else nn.GELU(),
                                 nn.Linear(d_ff, d_model))

    def forward(self, x):
        return self.net(x)
