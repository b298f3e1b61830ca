"""Word2vec skip-gram with negative sampling 词向量负采样(SGNS)

Two pieces of word2vec's skip-gram training with negative sampling (Mikolov et al., 2013).

1. `sgns_loss(W_in, W_out, center, context, negatives) -> scalar`: W_in (V, D) the input
   ("centre") vectors, W_out (V, D) the output ("context") vectors; center (B,), context (B,) and
   negatives (B, K) long ids in [0, V). With v = W_in[center[b]], u = W_out[context[b]] and
   n_k = W_out[negatives[b, k]], pair b's loss is

       -log σ(u · v) - Σ_k log σ(-n_k · v)        (σ the sigmoid; the K negatives are summed)

   and the result is its mean over the B pairs (a 0-d tensor). It must stay finite where the dot
   products reach ±1000 (σ(-1000) is 0 in floating point, its log is not -inf: compute log σ(x)
   stably). Gradients flow to W_in and W_out.
2. `sample_negatives(counts, batch_size, k, generator=None) -> (batch_size, k) long`: counts (V,)
   the word counts (ints >= 0, at least one positive). Every id is drawn independently (with
   replacement) from the unigram distribution raised to the 3/4:

       P(w) = counts[w] ** 0.75 / Σ_w' counts[w'] ** 0.75

   (a word never counted is never drawn). Draw all randomness from `generator`.
- The outputs are on the inputs' device; the loss has W_in's dtype; inputs are not modified.

Example:
    >>> W_in = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    >>> W_out = torch.tensor([[0.5, 0.5], [1.0, -1.0], [0.0, 2.0]])
    >>> center, context = torch.tensor([0, 2]), torch.tensor([1, 0])
    >>> negatives = torch.tensor([[2, 1], [1, 1]])
    >>> sgns_loss(W_in, W_out, center, context, negatives)   # pair 0: u·v = 1, n·v = 0 and 1
    tensor(2.0096)
    >>> counts = torch.tensor([16, 1, 0, 81])                 # to the 3/4: 8, 1, 0, 27
    >>> sample_negatives(counts, 2, 3, generator=torch.Generator().manual_seed(0)).shape
    torch.Size([2, 3])
    >>> # each id is 0, 1 or 3 with probabilities 8/36, 1/36 and 27/36; never 2
"""
import torch


def sgns_loss(W_in: torch.Tensor, W_out: torch.Tensor, center: torch.Tensor, context: torch.Tensor,
              negatives: torch.Tensor) -> torch.Tensor:
    # TODO: look up v, u and the negatives' vectors, dot products, stable log-sigmoid of +pos and
    # -neg, negatives summed over K, mean over the batch (about 5 lines)
    raise NotImplementedError


def sample_negatives(counts: torch.Tensor, batch_size: int, k: int,
                     generator: torch.Generator | None = None) -> torch.Tensor:
    # TODO: weights counts ** 0.75, batch_size * k draws with replacement from them, reshape
    # (about 3 lines)
    raise NotImplementedError
