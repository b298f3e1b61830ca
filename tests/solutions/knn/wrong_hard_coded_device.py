import torch

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
}


def knn_predict(x_train, y_train, x_test, k):
    d2 = ((x_test[:, None, :] - x_train[None, :, :]) ** 2).sum(-1)
    idx = d2.argsort(dim=1, stable=True)[:, :k]
    votes = y_train[idx]
    counts = torch.zeros(len(x_test), int(y_train.max()) + 1, dtype=torch.long)
    counts.scatter_add_(1, votes, torch.ones_like(votes))
    return counts.argmax(1)
