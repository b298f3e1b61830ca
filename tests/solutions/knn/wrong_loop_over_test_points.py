import torch

EXPECT = {
    'no loop': '',
}


def knn_predict(x_train, y_train, x_test, k):
    C = int(y_train.max()) + 1
    out = []
    for q in x_test:
        d2 = ((x_train - q) ** 2).sum(1)
        idx = d2.argsort(stable=True)[:k]
        out.append(torch.bincount(y_train[idx], minlength=C).argmax())
    return torch.stack(out)
