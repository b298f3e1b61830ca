"""手写两层MLP前向与反向传播(NumPy) MLP forward and backward in NumPy

只用 NumPy（不用 torch，不用 autograd）实现一个用 softmax 交叉熵训练的两层 ReLU 网络的前向传播，
以及手工推导的反向传播：

    z      = x @ W1.T + b1           # (N, H) pre-activations
    h      = relu(z)                 # (N, H)
    logits = h @ W2.T + b2           # (N, C)
    loss   = mean over the N rows of -log softmax(logits)[i, y[i]]

形状：x (N, D)，y (N,) 为 [0, C) 内的整数类别标签，W1 (H, D)，b1 (H,)，W2 (C, H)，b2 (C,)——权重是
(out, in)，与 nn.Linear 一致。数组都是 float64。

1. `forward(x, W1, b1, W2, b2)` 返回 logits (N, C)。
2. `backward(x, y, W1, b1, W2, b2)` 以 dict 形式返回 `loss` 的梯度
   {"W1": dW1, "b1": db1, "W2": dW2, "b2": db2}，每个梯度与对应参数形状相同。它可以自己重新做一遍
   前向计算。从后往前推：
       dlogits = (softmax(logits) - one_hot(y)) / N     # the 1/N: the loss is a mean
       dW2 = dlogitsᵀ h,  db2 = dlogits summed over the batch,  dh = dlogits W2
       dz  = dh where z > 0, else 0                     # ReLU passes gradient only where active
       dW1 = dzᵀ x,       db1 = dz summed over the batch

- 对 batch 向量化：不要对 N 个样本写 Python 循环。
- softmax 必须数值稳定（每行减去最大值）：±1000 的 logits 不能得到 NaN。
- 不要原地修改输入数组（对你自己创建的数组做 `p -= ...` 没问题）。
- 不要 import torch：本题的重点就是只用 NumPy 完成。

示例（N=1，D=2，H=2，C=2）：
    >>> np.set_printoptions(precision=4)
    >>> x = np.array([[1.0, -1.0]]); y = np.array([0])
    >>> W1 = np.eye(2); b1 = np.zeros(2); W2 = np.array([[1.0, 1.0], [0.0, 0.0]]); b2 = np.zeros(2)
    >>> forward(x, W1, b1, W2, b2)             # z = [1, -1], h = [1, 0]
    array([[1., 0.]])
    >>> g = backward(x, y, W1, b1, W2, b2)     # softmax([1, 0]) = [0.7311, 0.2689]
    >>> g["b2"], g["b1"]                       # dlogits = [-0.2689, 0.2689]; dz = [-0.2689, 0] (unit 2 is off)
    (array([-0.2689,  0.2689]), array([-0.2689,  0.    ]))
    >>> g["W2"], g["W1"]
    (array([[-0.2689,  0.    ],
           [ 0.2689,  0.    ]]), array([[-0.2689,  0.2689],
           [ 0.    ,  0.    ]]))
"""
import numpy as np


def forward(x: np.ndarray, W1: np.ndarray, b1: np.ndarray, W2: np.ndarray, b2: np.ndarray) -> np.ndarray:
    # TODO: 两个仿射层，中间夹一个 ReLU（约 2 行）
    raise NotImplementedError


def backward(x: np.ndarray, y: np.ndarray, W1: np.ndarray, b1: np.ndarray, W2: np.ndarray,
             b2: np.ndarray) -> dict[str, np.ndarray]:
    # TODO: 重新前向并保留 z 和 h，数值稳定的 softmax，再求四个梯度（约 11 行）
    raise NotImplementedError
