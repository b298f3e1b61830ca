import torch

EXPECT = {
    'same predictions far from the origin': 'distances as |a|² + |b|² - 2a·b: far from the origin the subtraction cancels (the squared distance can even come out negative, and its sqrt NaN); compute the squared differences (a - b)²',
}


def knn_predict(x_train, y_train, x_test, k):
    d2 = (x_test ** 2).sum(1)[:, None] + (x_train ** 2).sum(1)[None, :] - 2 * x_test @ x_train.T
    dist = torch.sqrt(d2)
    idx = dist.argsort(dim=1, stable=True)[:, :k]
    votes = y_train[idx]
    counts = torch.zeros(len(x_test), int(y_train.max()) + 1, dtype=torch.long, device=x_test.device)
    counts.scatter_add_(1, votes, torch.ones_like(votes))
    return counts.argmax(1)
