"""Beam search 束搜索

Write `beam_search(step_logprobs, bos, eos, beam_width, max_new_tokens, length_penalty=1.0)`
and return `(tokens, score)`: the best finished hypothesis as a list of ints (bos first) and its
length-normalised score as a float.

- `step_logprobs(prefixes)` is the model: `prefixes` is a LongTensor (n, t) of n hypotheses of the
  same length t, each starting with `bos`; it returns (n, V) log-probs of the next token.
  Call it ONCE per step with all live hypotheses stacked (not once per hypothesis: batching the
  beam is the point). `bos` and `eos` are token ids in [0, V).
- A hypothesis starts as [bos] with score 0; its score is the sum of the log-probs of the
  tokens it chose.
- Each step: expand every live hypothesis by every token (n·V candidates) and keep the
  `beam_width` best candidates OVERALL (not the best per hypothesis). A kept candidate ending in
  `eos` is finished: it leaves the beam, and the beam is not refilled to `beam_width` at that
  step. The next step again keeps the `beam_width` best expansions of the live ones.
- Stop when no hypothesis is live or after `max_new_tokens` steps; then the hypotheses still
  live count as finished too.
- Return the finished hypothesis with the best `score / n_new ** length_penalty`, where `n_new`
  counts the tokens after bos, eos included, and that normalised score.

Example (V = 3, bos = 0, eos = 2, beam_width = 2, max_new_tokens = 2, length_penalty = 1):
    step 1 from [0]: log-probs of tokens 0, 1, 2 are [-3.0, -0.6, -0.9]
        keep [0, 1] (-0.6) and [0, 2] (-0.9); [0, 2] ends in eos: finished, the beam holds 1
    step 2 from [0, 1]: log-probs [-2.3, -1.4, -0.4]
        keep [0, 1, 2] (-1.0) and [0, 1, 1] (-2.0); [0, 1, 2] is finished; max_new_tokens is
        reached, so [0, 1, 1] counts as finished too
    normalised: [0, 2] -0.9 / 1 = -0.9, [0, 1, 2] -1.0 / 2 = -0.5, [0, 1, 1] -2.0 / 2 = -1.0
    >>> beam_search(model, bos=0, eos=2, beam_width=2, max_new_tokens=2)
    ([0, 1, 2], -0.5)
    (with length_penalty=0 the raw sums decide: ([0, 2], -0.9))
"""
import torch


def beam_search(step_logprobs, bos: int, eos: int, beam_width: int, max_new_tokens: int,
                length_penalty: float = 1.0) -> tuple[list[int], float]:
    # TODO: keep (tokens, score) for the live beam and a list of finished ones; each step call
    # step_logprobs once, take the global top beam_width of score + logp, move the ones ending in
    # eos to finished; at the end add the live ones and pick the best normalised score
    # (about 15 lines)
    raise NotImplementedError
