import torch

EXPECT = {
    'values': 'equal distances not broken towards the smaller training index (sort with argsort(..., stable=True); topk promises no order among equal values)',
}


def knn_predict(x_train, y_train, x_test, k):
    d2 = ((x_test[:, None, :] - x_train[None, :, :]) ** 2).sum(-1)
    idx = d2.topk(k, dim=1, largest=False).indices
    votes = y_train[idx]
    counts = torch.zeros(len(x_test), int(y_train.max()) + 1, dtype=torch.long, device=x_test.device)
    counts.scatter_add_(1, votes, torch.ones_like(votes))
    return counts.argmax(1)
