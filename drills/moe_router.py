"""Top-k MoE router 混合专家路由

Write `route(x, gate_weight, k)`: the router of a mixture-of-experts layer (Switch Transformer,
Mixtral, DeepSeek-MoE). Each token picks its `k` best experts and gets a weight for each; an
auxiliary loss keeps the experts evenly loaded.

- `x` (T, d): T tokens. `gate_weight` (E, d): one row per expert (an nn.Linear weight without
  bias), so the router logits are `x @ gate_weight.T`, (T, E).
- `probs` = softmax of the logits over the EXPERTS (the last dim), numerically stable.
- Top-k: for each token the k experts with the largest probability, largest first (the order
  torch.topk returns). `experts` (T, k) long holds their indices; `weights` (T, k) their
  probabilities RENORMALISED to sum to 1 over the k chosen (probs / sum of the chosen probs).
- `aux_loss`, a 0-dim tensor, the Switch-style load-balancing loss:

      aux_loss = E * sum over experts e of  f_e * P_e
      f_e = (number of tokens whose top-k includes e) / (T * k)    share of the T·k routing slots
      P_e = mean over the T tokens of probs[:, e]                  mean router probability

  f_e is a count (no gradient flows through it); P_e carries the gradient. Both sum to 1 over
  the experts, so a perfectly balanced router has aux_loss = 1. For k = 1 this is exactly the
  Switch Transformer loss (alpha = 1); Mixtral's HF code does not divide f_e by k.
- Gradients reach `x` and `gate_weight` through `weights` and `aux_loss`. Output dtypes: the
  input's for `weights` and `aux_loss`, int64 for `experts`; all on the input's device.
- Vectorised: no Python loop over tokens.

Example:
    >>> x = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    >>> gate_weight = torch.tensor([[1.0, 0.0], [0.0, 2.0], [-1.0, 0.5]])
    >>> weights, experts, aux_loss = route(x, gate_weight, k=2)
    >>> experts                  # probs rows: [.665 .245 .090], [.100 .736 .164], [.254 .690 .057]
    tensor([[0, 1],
            [1, 2],
            [1, 0]])
    >>> weights                  # e.g. row 0: .665 / (.665 + .245)
    tensor([[0.7311, 0.2689],
            [0.8176, 0.1824],
            [0.7311, 0.2689]])
    >>> aux_loss                 # f = [2, 3, 1] / 6, P = [.340 .557 .104]
    tensor(1.2266)
"""
import torch


def route(x: torch.Tensor, gate_weight: torch.Tensor, k: int) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # TODO: logits, softmax over experts, top-k and renormalise; then f_e from the chosen experts,
    # P_e from the probabilities, and the aux loss (about 10 lines)
    raise NotImplementedError
