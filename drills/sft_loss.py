"""SFT loss on response tokens SFT损失(只算回复)

Write `sft_loss(logits, input_ids, prompt_lens, attention_mask)`: the supervised fine-tuning loss of
a causal language model on (prompt, response) pairs — the model is trained to produce the RESPONSE
only, so prompt tokens and padding are left out of the loss:

    the logits at position t predict the token at position t + 1             (shift by one)
    a target position t counts iff  prompt_lens[b] <= t  and  attention_mask[b, t]   (a response token)
    loss = sum over counted targets of -log softmax(logits[b, t - 1])[input_ids[b, t]]
           / (number of counted targets in the whole batch)                 token-level mean
    perplexity = exp(loss)

- `logits`: float (B, S, V), the model's outputs on `input_ids`. `input_ids`: long (B, S), each
  row a prompt followed by its response, then padding. `prompt_lens`: long (B,), the number of
  prompt tokens of each row, 1 <= prompt_lens[b] <= the row's length. `attention_mask`: bool
  (B, S), True for a real token; rows are RIGHT-padded (True for the first length[b] positions).
- Position 0 is never a target (nothing predicts it); the logits at a row's last real position
  predict nothing. The first response token IS a target: the last prompt position predicts it.
- The mean is over all counted tokens of the batch at once (not a mean of per-sequence means). A
  row may have no response token (truncated); the batch has at least one.
- Return `(loss, perplexity)`, two 0-dim tensors with the logits' dtype and device. Gradients flow
  into `logits` (graded). F.cross_entropy (with ignore_index) and log_softmax may be used; it must
  stay finite for logits near ±1000.
- Nothing is modified in place; no Python loop over the batch (build the mask with tensor ops).

Example:
    >>> logits = torch.tensor([[[2.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 3.0], [1.0, 1.0, 1.0]],
    ...                        [[0.0, 2.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 0.0], [5.0, 0.0, 0.0]]])
    >>> input_ids = torch.tensor([[0, 2, 1, 2], [1, 1, 0, 2]])
    >>> prompt_lens = torch.tensor([2, 1])
    >>> attention_mask = torch.tensor([[True, True, True, True], [True, True, True, False]])
    >>> sft_loss(logits, input_ids, prompt_lens, attention_mask)
    (tensor(0.3593), tensor(1.4324))
    # targets: row 0 positions 2, 3 (0.5514, 0.0949); row 1 positions 1, 2 (0.2395, 0.5514)
"""
import torch


def sft_loss(logits: torch.Tensor, input_ids: torch.Tensor, prompt_lens: torch.Tensor,
             attention_mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    # TODO: the mask of response tokens, shift logits and targets by one, per-token cross-entropy,
    # masked mean over the batch, exp (about 8 lines)
    raise NotImplementedError
