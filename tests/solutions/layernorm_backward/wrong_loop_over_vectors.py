import torch

EXPECT = {
    'no loop': '',
}


def layernorm_backward(dout, x, gamma, eps=1e-5):
    d = x.shape[-1]
    X, G = x.reshape(-1, d), dout.reshape(-1, d)
    dx = torch.empty_like(X)
    dgamma, dbeta = torch.zeros_like(gamma), torch.zeros_like(gamma)
    for i in range(X.shape[0]):
        mean = X[i].mean()
        rstd = 1 / torch.sqrt(((X[i] - mean) ** 2).mean() + eps)
        xhat = (X[i] - mean) * rstd
        g = G[i] * gamma
        dx[i] = (g - g.mean() - xhat * (g * xhat).mean()) * rstd
        dgamma += G[i] * xhat
        dbeta += G[i]
    return dx.reshape(x.shape), dgamma, dbeta
