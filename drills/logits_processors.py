"""Logits processors: penalties, min-p, no-repeat n-grams 重复惩罚与采样过滤

Before a decoder samples its next token, the logits go through processors that look at what was
generated so far. Write four. Each takes `logits` (B, V) float, the scores of the next token for B
sequences, and returns a NEW tensor (B, V) of logits' dtype and device; `logits` and `input_ids`
are not modified. `input_ids` (B, T) long, T >= 1, holds each sequence's tokens so far (prompt and
generated), ids in [0, V).

`repetition_penalty(logits, input_ids, penalty)` (CTRL, Keskar et al. 2019), `penalty` > 0:
- For every token id that appears in row b of input_ids (ONCE per token, however many times it
  appears), change logits[b, id]: a positive logit is DIVIDED by `penalty`, a negative one is
  MULTIPLIED by it (0 stays 0). With penalty > 1 both make the token less likely. Tokens not seen
  keep their logits.

`presence_frequency_penalty(logits, input_ids, presence_penalty=0.0, frequency_penalty=0.0)`
(the OpenAI API's rule): with c = how many times the token appears in row b of input_ids,
      logits[b, id] - frequency_penalty * c - presence_penalty * (1 if c > 0 else 0)
- The frequency penalty grows with every occurrence; the presence penalty is paid once.

`min_p_filter(logits, min_p)` (Nguyen et al. 2024), 0 < min_p < 1:
- probs = softmax(logits) per row; a token is removed (its logit becomes -inf) iff its probability
  is < min_p * (the row's largest probability). Kept tokens keep their logits, so the top token
  always stays. Large logits (|x| ~ 1000) must work: compute the softmax stably.

`no_repeat_ngram(logits, input_ids, n)` (as in fairseq and Hugging Face), n >= 1:
- Forbid every token that would complete an n-gram already present in the row: take the row's
  last n - 1 tokens; for every earlier position where the same n - 1 tokens are followed by some
  token t (every n-gram of the row counts, the one ending at the last token included), set
  logits[b, t] = -inf. With n = 1 that forbids every token already in the row. When the row has
  fewer than n tokens (T < n), nothing is forbidden.

No Python loop over the batch in the first three (a check counts your torch calls at two sizes);
no_repeat_ngram may loop over the rows and positions. Float64 inputs give float64 outputs.

Example:
    >>> logits = torch.tensor([[2.0, -1.0, 0.5, 1.0, -2.0]])    # probs 0.603 0.030 0.135 0.222 0.011
    >>> repetition_penalty(logits, torch.tensor([[0, 1, 0, 4]]), 2.0)    # 0 seen twice: divided once
    tensor([[ 1.0000, -2.0000,  0.5000,  1.0000, -4.0000]])
    >>> presence_frequency_penalty(logits, torch.tensor([[0, 1, 0, 4]]), presence_penalty=0.5,
    ...                            frequency_penalty=0.25)       # token 0: 2 - 0.25 * 2 - 0.5
    tensor([[ 1.0000, -1.7500,  0.5000,  1.0000, -2.7500]])
    >>> min_p_filter(logits, 0.3)                                # keep probs >= 0.3 * 0.603 = 0.181
    tensor([[2., -inf, -inf, 1., -inf]])
    >>> ids = torch.tensor([[0, 3, 2, 4, 3, 1, 0, 3]])
    >>> no_repeat_ngram(logits, ids, 2)     # the row ends in 3; "3 2" and "3 1" were seen: forbid 2, 1
    tensor([[ 2., -inf, -inf,  1., -2.]])
    >>> no_repeat_ngram(logits, ids, 3)     # it ends in "0 3"; "0 3 2" was seen: forbid 2
    tensor([[ 2., -1., -inf,  1., -2.]])
"""
import torch


def repetition_penalty(logits: torch.Tensor, input_ids: torch.Tensor, penalty: float) -> torch.Tensor:
    # TODO: gather the logits of the seen ids, divide the positive ones and multiply the negative
    # ones by penalty, scatter them back into a copy (about 3 lines)
    raise NotImplementedError


def presence_frequency_penalty(logits: torch.Tensor, input_ids: torch.Tensor, presence_penalty: float = 0.0,
                               frequency_penalty: float = 0.0) -> torch.Tensor:
    # TODO: count each id per row (scatter_add into zeros (B, V)), then subtract both penalties
    # (about 2 lines)
    raise NotImplementedError


def min_p_filter(logits: torch.Tensor, min_p: float) -> torch.Tensor:
    # TODO: softmax, threshold = min_p * the row's max probability, -inf below it (about 3 lines)
    raise NotImplementedError


def no_repeat_ngram(logits: torch.Tensor, input_ids: torch.Tensor, n: int) -> torch.Tensor:
    # TODO: every n-gram of each row (unfold, or a loop), those whose first n - 1 tokens equal the
    # row's last n - 1, and -inf at their last tokens (about 7 lines)
    raise NotImplementedError
