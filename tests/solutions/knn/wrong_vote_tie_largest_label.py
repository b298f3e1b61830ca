import torch

EXPECT = {
    'values': 'vote ties broken towards the largest label: the smallest tied label wins',
}


def knn_predict(x_train, y_train, x_test, k):
    d2 = ((x_test[:, None, :] - x_train[None, :, :]) ** 2).sum(-1)
    idx = d2.argsort(dim=1, stable=True)[:, :k]
    votes = y_train[idx]
    C = int(y_train.max()) + 1
    counts = torch.zeros(len(x_test), C, dtype=torch.long, device=x_test.device)
    counts.scatter_add_(1, votes, torch.ones_like(votes))
    score = counts * C + torch.arange(C, device=x_test.device)      # break ties by the label
    return score.argmax(1)
