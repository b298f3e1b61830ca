"""Speculative decoding, one draft/verify step 投机解码

A small draft model has proposed K tokens; the large target model has scored them all in one
forward pass. Decide which drafts to keep, so that the tokens emitted are distributed EXACTLY as if
the target model had sampled them one by one (Leviathan et al. 2023; Chen et al. 2023). Write
`speculative_step(draft_tokens, draft_probs, target_probs, generator=None) -> (tokens, n_accepted)`.

- `draft_tokens` (B, K) long: the drafts; `draft_tokens[b, i]` was drawn from `draft_probs[b, i]`.
- `draft_probs` (B, K, V): q_i, the draft model's distribution at draft position i.
- `target_probs` (B, K + 1, V): p_i, the target model's distribution at position i (after the
  prefix and the first i drafts); `target_probs[:, K]` is the distribution after all K drafts.
  Rows of both are probabilities (non-negative, summing to 1); some entries may be 0.
- For i = 0, 1, ..., K - 1, in order: accept draft x_i with probability min(1, p_i(x_i) / q_i(x_i))
  (draw u uniform in [0, 1) and accept iff u < p_i(x_i) / q_i(x_i)). At the first rejection, draw one
  token from the residual norm(max(0, p_i - q_i)) (clamp at 0, divide by its sum) and stop. If all
  K are accepted, draw one bonus token from p_K. So each row emits between 1 and K + 1 tokens.
- A position where p_i = q_i is always accepted: its residual is all zero and is never drawn from.
- Returns `tokens` (B, K + 1) long: row b holds its n = n_accepted[b] accepted drafts, then the token
  drawn (resampled or bonus) at index n, then -1 up to the end; and `n_accepted` (B,) long in 0..K.
- All randomness comes from `generator` (torch.rand(..., generator=generator),
  torch.multinomial(..., generator=generator)); torch's global random state is left alone. The
  grader judges the distribution of what you emit (over thousands of rows), not particular draws.
- Vectorised over the batch: no Python loop over the B rows (a check counts your torch calls when B
  grows); a loop over the K positions is fine. Inputs are not modified; every tensor you make is
  on the inputs' device.

Example (B = 1, K = 2, V = 3):
    >>> g = torch.Generator().manual_seed(0)
    >>> draft_probs = torch.tensor([[[0.5, 0.3, 0.2], [0.2, 0.2, 0.6]]])
    >>> target_probs = torch.tensor([[[0.6, 0.2, 0.2], [0.1, 0.3, 0.6], [0.3, 0.3, 0.4]]])
    >>> tokens, n = speculative_step(torch.tensor([[1, 0]]), draft_probs, target_probs, g)
    Draft 1 is accepted with probability 0.2 / 0.3 = 2/3; if rejected, the residual is
    max(0, [0.1, -0.1, 0.0]) -> [1, 0, 0]: tokens = [[0, -1, -1]], n = [0]       (probability 1/3)
    Draft 0 is then accepted with probability 0.1 / 0.2 = 1/2; if rejected, the residual
    [0, 0.1, 0] gives token 1: tokens = [[1, 1, -1]], n = [1]                     (probability 1/3)
    Both accepted: a bonus token y from [0.3, 0.3, 0.4]: tokens = [[1, 0, y]], n = [2]  (1/3)
    >>> speculative_step(torch.tensor([[0, 2]]), draft_probs, target_probs, g)
    (tensor([[0, 2, y]]), tensor([2]))     # p >= q for both drafts: always accepted, y ~ p_2
"""
import torch


def speculative_step(draft_tokens: torch.Tensor, draft_probs: torch.Tensor, target_probs: torch.Tensor,
                     generator: torch.Generator | None = None) -> tuple[torch.Tensor, torch.Tensor]:
    # TODO: p and q of each draft (gather), u from the generator, accepted = u < p / q, n = accepted
    # before the first rejection (cumprod), one draw per row from the residual at n or from p_K,
    # then the tokens with -1 after index n (about 14 lines)
    raise NotImplementedError
