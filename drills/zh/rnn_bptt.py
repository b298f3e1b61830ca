"""手推RNN与BPTT Vanilla RNN and backpropagation through time by hand

在一个序列上跑单层 tanh RNN，并手动算出它的梯度：不允许使用 torch.autograd 和 .backward()
（代码运行时会检查），也不允许用 nn.RNN 及其同类模块。

形状：x (T, B, D) 为输入，时间维在前，T >= 1；h0 (B, H) 为初始状态；W_xh (H, D)、
W_hh (H, H)、b (H,)——权重是 (out, in)，与 nn.Linear 相同。

    a_t = x_t @ W_xh.T + h_{t-1} @ W_hh.T + b      # (B, H) the pre-activation
    h_t = tanh(a_t)                                 # t = 1 .. T, starting from h_0 = h0

1. `rnn_forward(x, h0, W_xh, W_hh, b) -> hs (T, B, H)`：按顺序返回每一步的 h_t（hs[0] 是 h_1）。
2. `rnn_backward(x, h0, W_xh, W_hh, b, dhs) -> (dx, dh0, dW_xh, dW_hh, db)`：
   L = sum(hs * dhs) 的梯度，其中 dhs (T, B, H) 是来自每一步损失的 dL/dh_t。每个梯度的形状与
   对应输入相同。函数内可以自己再跑一遍前向。
   - h_t 既直接影响 L（dhs[t]），也通过 h_{t+1} 影响 L：从 t = T 到 1 反向遍历，带着从后面
     各步传回的 dL/dh_t，并把 dhs[t] 加上去。
   - tanh'(a_t) = 1 - tanh(a_t)² = 1 - h_t²：用输出 h_t 计算，而不是用激活前的值。
   - 权重在每一步共享：它们的梯度是对 t 的求和。dh0 就是越过第一步后继续传回去的
     梯度。
- 在 batch 上向量化：对时间步写 Python 循环是预期的做法，但不要对 B 写循环。
- 输出的 dtype 和设备与输入相同；不能修改输入。

示例（T=2，B=1，D=1，H=1）:
    >>> torch.set_printoptions(precision=4)
    >>> x = torch.tensor([[[1.0]], [[0.5]]]); h0 = torch.zeros(1, 1)
    >>> W_xh, W_hh, b = torch.tensor([[1.0]]), torch.tensor([[0.5]]), torch.zeros(1)
    >>> rnn_forward(x, h0, W_xh, W_hh, b).flatten()           # tanh(1), tanh(0.5 + 0.5 · 0.7616)
    tensor([0.7616, 0.7068])
    >>> dhs = torch.tensor([[[0.0]], [[1.0]]])                    # L = h_2: no loss at step 1
    >>> dx, dh0, dW_xh, dW_hh, db = rnn_backward(x, h0, W_xh, W_hh, b, dhs)
    >>> dx.flatten(), dh0                  # step 1 still gets 0.5 · (1 - 0.7068²) · (1 - 0.7616²)
    (tensor([0.1051, 0.5004]), tensor([[0.0525]]))
    >>> dW_xh, dW_hh, db
    (tensor([[0.3553]]), tensor([[0.3811]]), tensor([0.6055]))
"""
import torch


def rnn_forward(x: torch.Tensor, h0: torch.Tensor, W_xh: torch.Tensor, W_hh: torch.Tensor,
                b: torch.Tensor) -> torch.Tensor:
    # TODO: h = h0；对每个 x_t：h = tanh(x_t W_xhᵀ + h W_hhᵀ + b)；把各步状态 stack 起来（约 5 行）
    raise NotImplementedError


def rnn_backward(x: torch.Tensor, h0: torch.Tensor, W_xh: torch.Tensor, W_hh: torch.Tensor, b: torch.Tensor,
                 dhs: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    # TODO: 再跑一遍前向；对 t 反向遍历：dh += dhs[t]；da = dh * (1 - h_t²)；累加 dx[t]、dW_xh、
    # dW_hh（用 h_{t-1}）、db；dh = da W_hh；dh0 就是最后的 dh（约 15 行）
    raise NotImplementedError
