"""混合专家层 Mixture-of-experts layer

Mixtral 和 DeepSeekMoE 中的稀疏 MoE 前馈层：路由器把每个 token 送到它的 top-k 专家，每个专家只处理
送给它的 token，结果再按路由权重合并；可选地，每个专家最多接收固定数量的 token（容量），并且有一个
共享专家处理所有 token。实现
`moe_layer(x, router_weight, w_gate, w_up, w_down, k, capacity_factor=None, shared=None)`。

- `x` (T, d_model)：所有 token（batch 和序列维已展平）。`router_weight` (E, d_model)：每个专家
  一行。专家 e 是一个 SwiGLU 前馈网络，权重为 `w_gate[e]`、`w_up[e]` (d_ff, d_model) 和
  `w_down[e]` (d_model, d_ff)：  expert_e(h) = (silu(h @ w_gate[e].T) * (h @ w_up[e].T)) @ w_down[e].T
- 路由：probs = softmax(x @ router_weight.T)，在 E 个专家上计算；每个 token 选概率最大的 k 个专家
  （torch.topk）；它的权重是这 k 个概率除以它们的和（在选中的 k 个上重新归一化）。
- 输出第 t 行 = 对 token t 保留下来的每个专家 e，求 weight(t, e) * expert_e(x[t]) 之和（再加上共享
  专家）。每个专家只运行一次，一次处理它的全部 token。
- 容量：给定 `capacity_factor`（一个 float）时，每个专家最多接收
  capacity = ceil(capacity_factor * T * k / E) 个 token：按 token 顺序取最前面的（token 0 最先）。
  超出容量的 token 只被这个专家丢弃：该专家对它不做任何贡献，而且这个 token 的其他权重不再重新
  归一化（被所有专家丢弃的 token 得到 0，再加上共享专家）。`None`：不限容量。
- `shared`：None，或者一个元组 (gate (d_sh, d_model), up (d_sh, d_model), down (d_model, d_sh))，
  即再多一个 SwiGLU 专家，以权重 1 加到每个 token 的输出上（永远不会被丢弃）。
- 返回 (T, d_model)，dtype 与 x 相同。预期会对 E 个专家写 Python 循环；但不要对 token 循环（有检查
  会在 T 增大时统计你调用 torch 的次数）。要可微；不要修改输入；你创建的每个张量都要在 x 所在的
  设备上。

示例:
    >>> x = torch.tensor([[1.0, 0.0], [0.0, 1.0], [2.0, 0.0]])    # 3 tokens
    >>> router_weight = torch.eye(2)           # tokens 0 and 2 -> expert 0, token 1 -> expert 1
    >>> w_gate = w_up = torch.tensor([[[1.0, 0.0]], [[0.0, 1.0]]])        # d_ff = 1
    >>> w_down = torch.tensor([[[1.0], [0.0]], [[0.0], [1.0]]])
    >>> moe_layer(x, router_weight, w_gate, w_up, w_down, k=1)   # silu(1) * 1, silu(2) * 2
    tensor([[0.7311, 0.0000],
            [0.0000, 0.7311],
            [3.5232, 0.0000]])
    >>> moe_layer(x, router_weight, w_gate, w_up, w_down, k=1, capacity_factor=0.5)
    tensor([[0.7311, 0.0000],           # capacity ceil(0.5 * 3 * 1 / 2) = 1: expert 0 keeps
            [0.0000, 0.7311],           # token 0 and drops token 2
            [0.0000, 0.0000]])
    >>> moe_layer(x, router_weight, w_gate, w_up, w_down, k=2)   # weights 0.73 / 0.27, 0.88 / 0.12
    tensor([[0.5344, 0.0000],
            [0.0000, 0.5344],
            [3.1032, 0.0000]])
"""
import torch


def moe_layer(x: torch.Tensor, router_weight: torch.Tensor, w_gate: torch.Tensor, w_up: torch.Tensor,
              w_down: torch.Tensor, k: int, capacity_factor: float | None = None,
              shared: tuple[torch.Tensor, torch.Tensor, torch.Tensor] | None = None) -> torch.Tensor:
    # TODO: 路由 softmax，top-k，重新归一化；容量；对每个专家：按顺序取它的 token，
    # 保留前 `capacity` 个，过 SwiGLU，加权后 index_add 到输出中；共享专家
    # （约 16 行）
    raise NotImplementedError
