"""混合精度训练步 Mixed-precision training step

实现 `amp_step(model, loss_fn, x, y, optimizer, state, max_norm=1.0, dtype=torch.float16,
init_scale=65536.0, growth_interval=2000) -> (loss, stepped)`：带自动混合精度和动态损失缩放的一个
训练步，效果与下面这段用 torch.amp 写的循环完全一致：

    optimizer.zero_grad()
    with torch.autocast(device_type=x.device.type, dtype=dtype):
        loss = loss_fn(model(x), y)
    scaler.scale(loss).backward()
    scaler.unscale_(optimizer)
    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
    scaler.step(optimizer)
    scaler.update()

只是 scaler 要自己手写（禁止使用 torch.amp.GradScaler 及其私有辅助函数）。`state` 是一个 dict，
第一次调用时为空，由你在多次调用之间维护：
    state["scale"]           a Python float, init_scale at first
    state["growth_tracker"]  a Python int, good steps in a row since the scale last changed (0)

这一步按顺序做：
1. optimizer.zero_grad()，然后在 torch.autocast 下做前向传播并计算损失（两者都要在里面；矩阵乘法
   以 `dtype` 运行；`loss_fn` 返回一个 float32 标量）。
2. 对 loss * scale 做 backward：之后每个 .grad 存的都是梯度乘以 scale。
3. 反缩放：把每个参数的 .grad 除以 scale，恰好一次。
4. 如果任何 grad 含有 inf 或 NaN（半精度下溢出，或者是一个坏 batch），就跳过这一步：不调用
   optimizer.step()。
5. 否则像 clip_grad_norm_ 那样按全局范数裁剪反缩放之后的梯度（每个 grad 乘以
   min(1, max_norm / (total_norm + 1e-6))，total_norm 是所有梯度合在一起的 L2 范数），然后
   optimizer.step()。
6. 更新缩放因子：溢出之后 scale *= 0.5 且 growth_tracker = 0；否则 growth_tracker += 1，当它
   达到 growth_interval 时 scale *= 2.0 且 growth_tracker = 0。
7. 返回 (loss.item()，即未缩放的损失，Python float；optimizer.step() 是否执行了)。

- `model` 的参数是 float32（"主权重"，master weights），而且都会收到梯度；`optimizer` 和
  torch.optim.Optimizer 一样有 zero_grad() 和 step()，并读取 .grad。
- .grad 中的梯度保持第 5 步之后的样子（已反缩放、已裁剪）：评分器会读取它们。

示例:
    >>> model = nn.Linear(2, 1)           # weight [[0.5, -1.0]], bias [0.0]
    >>> optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    >>> loss_fn = lambda out, y: F.mse_loss(out.float(), y)
    >>> x, y = torch.tensor([[1.0, 2.0], [3.0, -1.0]]), torch.tensor([[1.0], [0.0]])
    >>> state = {}
    >>> amp_step(model, loss_fn, x, y, optimizer, state, init_scale=16384.0), state
    ((6.25, False), {'scale': 8192.0, 'growth_tracker': 0})        # 3 * 2.5 * 16384 > 65504
    >>> amp_step(model, loss_fn, x, y, optimizer, state, init_scale=16384.0), state
    ((6.25, True), {'scale': 8192.0, 'growth_tracker': 1})
    >>> model.weight.grad, model.weight.data          # the grads were clipped to norm 1
    (tensor([[ 0.5547, -0.8321]]), tensor([[ 0.4445, -0.9168]]))
"""
import torch


def amp_step(model: torch.nn.Module, loss_fn, x: torch.Tensor, y: torch.Tensor, optimizer, state: dict,
             max_norm: float = 1.0, dtype: torch.dtype = torch.float16, init_scale: float = 65536.0,
             growth_interval: int = 2000) -> tuple[float, bool]:
    # TODO: 第一次调用时初始化 state；zero_grad；在 autocast 下做前向并算损失；对缩放后的损失
    # 做 backward；反缩放；检查 inf/NaN；没有溢出就裁剪并 step；更新缩放因子；返回损失以及
    # 是否执行了 step（约 25 行）
    raise NotImplementedError
