"""MLP forward and backward in NumPy 手写两层MLP前向与反向传播(NumPy)

Write the forward pass and the hand-derived backward pass of a 2-layer ReLU network trained with
softmax cross-entropy, in NumPy only (no torch, no autograd):

    z      = x @ W1.T + b1           # (N, H) pre-activations
    h      = relu(z)                 # (N, H)
    logits = h @ W2.T + b2           # (N, C)
    loss   = mean over the N rows of -log softmax(logits)[i, y[i]]

Shapes: x (N, D), y (N,) int class labels in [0, C), W1 (H, D), b1 (H,), W2 (C, H), b2 (C,) —
weights are (out, in), as in nn.Linear. Arrays are float64.

1. `forward(x, W1, b1, W2, b2)` returns the logits (N, C).
2. `backward(x, y, W1, b1, W2, b2)` returns the gradients of `loss` as a dict
   {"W1": dW1, "b1": db1, "W2": dW2, "b2": db2}, each with its parameter's shape. It may run the
   forward computation again itself. Work backwards:
       dlogits = (softmax(logits) - one_hot(y)) / N     # the 1/N: the loss is a mean
       dW2 = dlogitsᵀ h,  db2 = dlogits summed over the batch,  dh = dlogits W2
       dz  = dh where z > 0, else 0                     # ReLU passes gradient only where active
       dW1 = dzᵀ x,       db1 = dz summed over the batch

- Vectorise over the batch: no Python loop over the N samples.
- Softmax must be stable (subtract each row's max): logits of ±1000 must not give NaN.
- Do not modify the input arrays in place (`p -= ...` on an array you made yourself is fine).
- Do not import torch: the point is to do it with NumPy alone.

Example (N=1, D=2, H=2, C=2):
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
    # TODO: two affine layers with a ReLU between them (about 2 lines)
    raise NotImplementedError


def backward(x: np.ndarray, y: np.ndarray, W1: np.ndarray, b1: np.ndarray, W2: np.ndarray,
             b2: np.ndarray) -> dict[str, np.ndarray]:
    # TODO: forward again keeping z and h, stable softmax, then the four gradients (about 11 lines)
    raise NotImplementedError
