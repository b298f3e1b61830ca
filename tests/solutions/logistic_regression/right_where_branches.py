import torch


def loss_and_grad(X, y, w, b, l2=0.0):
    z = torch.einsum("nd,d->n", X, w) + b
    # log sigmoid(z) and log sigmoid(-z), each in the form whose exp cannot overflow
    log_p = torch.where(z >= 0, -torch.log1p(torch.exp(-z.abs())), z - torch.log1p(torch.exp(-z.abs())))
    log_q = log_p - z                                        # log(1 - sigmoid(z)) = log sigmoid(z) - z
    loss = -(y * log_p + (1 - y) * log_q).mean() + 0.5 * l2 * w.pow(2).sum()
    p = torch.exp(log_p)
    g = (p - y) / X.shape[0]
    return loss, torch.einsum("nd,n->d", X, g) + l2 * w, g.sum()


def fit(X, y, l2=0.0, lr=0.1, steps=100):
    N, D = X.shape
    params = X.new_zeros(D + 1)                              # [w, b]
    Xb = torch.cat([X, X.new_ones(N, 1)], dim=1)
    reg = torch.cat([X.new_full((D,), l2), X.new_zeros(1)])
    for _ in range(steps):
        p = torch.sigmoid(Xb @ params)
        params = params - lr * (Xb.T @ (p - y) / N + reg * params)
    return params[:D], params[D]
