"""Perplexity and corpus BLEU  困惑度与BLEU

Write two metrics of a language model's output.

`perplexity(logits, targets, mask) -> 0-d tensor`
- logits (B, S, V) float: position t predicts targets[:, t] (already aligned: no shift).
  targets (B, S) LongTensor; mask (B, S) bool, True = a real token. Where mask is False the target
  may be -100 (or any class): those positions do not count. At least one token is real.
- Token-weighted: exp(sum of -log p(target) over every real token of the batch / the number of
  real tokens). A batch is one long text: rows with more tokens weigh more (it is NOT the mean of
  the rows' perplexities), and a row with no real token counts for nothing.
- log p by log-softmax over V, stable for logits up to ±1e4. Returns logits' dtype, on logits'
  device; gradients flow to logits. No Python loop over the batch; the inputs are not modified.
  F.cross_entropy and F.nll_loss are not allowed.

`corpus_bleu(hypotheses, references) -> float`
- hypotheses: a list of token lists (one per sentence; tokens are strings); references: for each
  sentence, a list of one or more reference token lists.
- BLEU-4 with uniform weights: BLEU = BP · exp((log p1 + log p2 + log p3 + log p4) / 4).
- p_n (corpus level): the sum over the sentences of the clipped n-gram matches / the sum of the
  hypotheses' n-gram counts (len - n + 1, at least 0). Clipped: an n-gram that occurs c times in
  the hypothesis counts min(c, the most times it occurs in any ONE of that sentence's references).
- BP (brevity penalty, once for the whole corpus): c = the total hypothesis length, r = the sum
  over the sentences of the reference length closest to the hypothesis' length (a tie: the
  shorter one); BP = 1 if c > r, else exp(1 - r / c).
- No smoothing: if any p_n has no match (or c is 0), BLEU is 0.0. As nltk's corpus_bleu and
  sacrebleu with smooth_method="none". Returns a Python float. nltk and sacrebleu are not allowed.

Example:
    >>> logits = torch.tensor([[[2.0, 0.0, -1.0], [0.5, 0.5, 0.0], [0.0, 0.0, 0.0]],
    ...                        [[1.0, 2.0, 0.0], [0.0, 0.0, 3.0], [1.0, 1.0, 1.0]]])
    >>> targets = torch.tensor([[0, 1, 2], [1, 2, -100]])
    >>> mask = torch.tensor([[True, True, False], [True, True, False]])
    >>> perplexity(logits, targets, mask)
    tensor(1.5032)
    >>> hypotheses = ["the cat sat on the mat".split(), "a dog ran".split()]
    >>> references = [["the cat sat on a mat".split(), "there is a cat on the mat".split()],
    ...               ["a dog ran in the park".split()]]
    >>> round(corpus_bleu(hypotheses, references), 4)
    0.5
    # "the" occurs twice in the first hypothesis, at most once in a reference: p1 = 8/9;
    # c = 9, r = 6 + 6 = 12, so BP = exp(1 - 12/9)
"""
import torch


def perplexity(logits: torch.Tensor, targets: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    # TODO: stable log-softmax, the target's -log p (a safe index where masked), the masked sum
    # over the number of real tokens, exp (about 6 lines)
    raise NotImplementedError


def corpus_bleu(hypotheses: list, references: list) -> float:
    # TODO: per sentence: the closest reference length, clipped n-gram matches and n-gram counts
    # for n = 1..4, summed over the corpus; then the precisions and one brevity penalty (about 20 lines)
    raise NotImplementedError
