import torch


def repetition_penalty(logits: torch.Tensor, input_ids: torch.Tensor, penalty: float) -> torch.Tensor:
    seen = logits.gather(1, input_ids)                                     # (B, T): a token seen twice is gathered twice
    seen = torch.where(seen > 0, seen / penalty, seen * penalty)          # both push the logit down for penalty > 1
    return logits.scatter(1, input_ids, seen)                             # duplicates write the same value: once per token


def presence_frequency_penalty(logits: torch.Tensor, input_ids: torch.Tensor, presence_penalty: float = 0.0,
                               frequency_penalty: float = 0.0) -> torch.Tensor:
    counts = torch.zeros_like(logits).scatter_add(1, input_ids, torch.ones_like(input_ids, dtype=logits.dtype))
    return logits - frequency_penalty * counts - presence_penalty * (counts > 0).to(logits.dtype)


def min_p_filter(logits: torch.Tensor, min_p: float) -> torch.Tensor:
    probs = torch.softmax(logits, dim=-1)
    threshold = min_p * probs.amax(dim=-1, keepdim=True)                  # relative to the top token's probability
    return logits.masked_fill(probs < threshold, float("-inf"))


def no_repeat_ngram(logits: torch.Tensor, input_ids: torch.Tensor, n: int) -> torch.Tensor:
    B, T = input_ids.shape
    if T < n:
        return logits.clone()                                             # no n-gram has been seen yet
    grams = input_ids.unfold(1, n, 1)                                     # (B, T - n + 1, n): every n-gram so far
    tail = input_ids[:, T - n + 1:]                                       # (B, n - 1): what the next token would extend
    hit = (grams[:, :, :n - 1] == tail[:, None, :]).all(-1)               # (B, T - n + 1): same first n - 1 tokens
    hits = torch.zeros_like(logits).scatter_add(1, grams[:, :, -1], hit.to(logits.dtype))   # per next token
    return logits.masked_fill(hits > 0, float("-inf"))
