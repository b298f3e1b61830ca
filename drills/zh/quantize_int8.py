"""对称逐通道INT8量化 Int8 weight quantisation

把权重矩阵以 int8 存储，每个输出通道一个 scale，用 int8 做乘法，之后再把 scale 乘回去（W8A8 推理，
如 LLM.int8() 和 SmoothQuant）。实现三个函数。

1. `quantise(w) -> (q, scale)`：`w` 是 (out_features, in_features) 的浮点张量。对称量化，按输出
   通道（每行一个 scale）：
       scale[r] = max_j |w[r, j]| / 127                 (out_features,), w's dtype
       q[r, j]  = round(w[r, j] / scale[r])             (out_features, in_features), torch.int8
   - 对称：没有零点，0.0 映射为 0，q 落在 [-127, 127] 内（从不使用 -128）。每行 |w| 最大的元素
     映射为 ±127。
   - 四舍五入到最近的整数（torch.round）；不要截断。评分用的输入从不恰好落在两个整数正中间，所以
     平局时怎么取舍无关紧要。
   - 全零的行 scale 为 1.0（其 q 全为 0）。
2. `dequantise(q, scale) -> w_hat`：`q` 为 (out, in) int8，`scale` 为 (out,) 浮点，与 `quantise`
   返回的一样；w_hat[r, j] = q[r, j] * scale[r]，(out, in)，dtype 与 scale 相同。
3. `int8_matmul(x, q, scale) -> y`：`x` 为 (..., in_features) 浮点（激活，前面可以有任意多个维度，
   也可以没有），`q` 和 `scale` 是一个量化后的权重。用 int8 的方式计算 x @ w.T：
   - 用同样的方法量化 x，x 的每行一个 scale（按 token：沿最后一维的每个向量）：得到 x_scale (...,)
     和取值在 [-127, 127] 内的 x_q；
   - 精确地累加整数乘积：acc = x_q @ q.T，用 float32/float64（|acc| < 2**24 时是精确的，
     in_features <= 1024 时成立），或者在 CPU 上用 int32（GPU 没有 int32 矩阵乘法；有 GPU 时
     评分器会在 GPU 上运行你的代码）。绝不能用 int8：会溢出；
   - 把两个 scale 乘回去：y = acc * x_scale[..., None] * scale，(..., out_features)，dtype 与 x
     相同。x 和 scale 的浮点 dtype 相同，包括 float16 和 bfloat16（会检查）：这时求和同样是精确
     的，所以要在 float32 下累加并乘回 scale（float16 超过 65504 会溢出），最后再把 y 转成 x 的
     dtype。
- 不要对行或元素写 Python 循环（有一项检查会统计你的 torch 调用次数）。不修改输入；你创建的每个
  张量都要在输入所在的设备上。不要调用 torch 的量化函数（torch.quantize_per_channel、
  torch.ao.quantization、fake_quantize……）。

示例:
    >>> w = torch.tensor([[0.4, -1.0, 0.25], [2.0, 0.1, -0.3]])
    >>> q, scale = quantise(w)     # row 0: 0.4 * 127 = 50.8 -> 51
    >>> q                          # row 1: 0.1 * 127 / 2 = 6.35 -> 6
    tensor([[  51, -127,   32],
            [ 127,    6,  -19]], dtype=torch.int8)
    >>> scale                      # [1.0 / 127, 2.0 / 127]
    tensor([0.0079, 0.0157])
    >>> dequantise(q, scale)       # within half a step (scale / 2) of w
    tensor([[ 0.4016, -1.0000,  0.2520],
            [ 2.0000,  0.0945, -0.2992]])
    >>> x = torch.tensor([[1.2, 2.0, -0.6]])
    >>> int8_matmul(x, q, scale)   # x @ w.T = [-1.67, 2.78]
    tensor([[-1.6702,  2.7617]])
"""
import torch


def quantise(w: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    # TODO: 按行求 |w| 的最大值，scale（全零行取 1），四舍五入，clamp，转 int8（约 4 行）
    raise NotImplementedError


def dequantise(q: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
    # TODO: 把 q 转成 scale 的 dtype 再乘以该行的 scale（约 1 行）
    raise NotImplementedError


def int8_matmul(x: torch.Tensor, q: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
    # TODO: 量化 x 的各行，精确累加的整数矩阵乘法，乘回两个 scale，
    # 恢复前导维度（约 5 行）
    raise NotImplementedError
