"""Mixture-of-experts layer 混合专家层

A sparse MoE feed-forward layer as in Mixtral and DeepSeekMoE: a router sends each token to its
top-k experts, each expert processes only the tokens sent to it, and the results are combined
with the router's weights; optionally each expert takes at most a fixed number of tokens
(capacity) and a shared expert sees every token. Write
`moe_layer(x, router_weight, w_gate, w_up, w_down, k, capacity_factor=None, shared=None)`.

- `x` (T, d_model): the tokens (batch and sequence flattened). `router_weight` (E, d_model): one
  row per expert. Expert e is a SwiGLU FFN with `w_gate[e]`, `w_up[e]` (d_ff, d_model) and
  `w_down[e]` (d_model, d_ff):  expert_e(h) = (silu(h @ w_gate[e].T) * (h @ w_up[e].T)) @ w_down[e].T
- Routing: probs = softmax(x @ router_weight.T) over the E experts; each token picks the k
  experts of largest probability (torch.topk); its weights are those k probabilities divided by
  their sum (renormalised over the chosen k).
- Output row t = sum over token t's kept experts e of weight(t, e) * expert_e(x[t]) (+ the shared
  expert). Each expert runs ONCE, on all its tokens together.
- Capacity: with `capacity_factor` (a float), each expert takes at most
  capacity = ceil(capacity_factor * T * k / E) tokens: the first ones in token order (token 0
  first). A token past capacity is dropped by that expert only: the expert adds nothing to it,
  and the token's other weights are NOT renormalised again (a token dropped by all its experts
  gets 0, plus the shared expert). `None`: no limit.
- `shared`: None, or a tuple (gate (d_sh, d_model), up (d_sh, d_model), down (d_model, d_sh)) of
  one more SwiGLU expert, added to every token's output with weight 1 (never dropped).
- Returns (T, d_model) in x's dtype. A Python loop over the E experts is expected; no loop over
  tokens (a check counts your torch calls when T grows). Differentiable; inputs not modified;
  every tensor you make is on x's device.

Example:
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
    # TODO: router softmax, top-k, renormalise; capacity; for each expert: its tokens in order, the
    # first `capacity` of them, the SwiGLU, weighted index_add into the output; the shared expert
    # (about 16 lines)
    raise NotImplementedError
