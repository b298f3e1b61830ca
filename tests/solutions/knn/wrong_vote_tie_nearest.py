import torch

EXPECT = {
    'values': "vote ties go to the nearest neighbour's label: the rule is the smallest tied label",
}


def knn_predict(x_train, y_train, x_test, k):
    d2 = ((x_test[:, None, :] - x_train[None, :, :]) ** 2).sum(-1)
    idx = d2.argsort(dim=1, stable=True)[:, :k]
    votes = y_train[idx]                                            # (m, k), nearest first
    same = (votes[:, :, None] == votes[:, None, :]).sum(-1)         # how many votes each neighbour's label has
    best = same.argmax(1)                                           # the nearest neighbour with a top label
    return votes.gather(1, best[:, None])[:, 0]
