import torch


def top_p_filter(logits: torch.Tensor, p: float) -> torch.Tensor:
    sorted_logits, order = logits.sort(dim=-1, descending=True)    # (..., V), most likely first
    probs = torch.softmax(sorted_logits, dim=-1)
    before = probs.cumsum(dim=-1) - probs                          # mass strictly before each token
    remove_sorted = before >= p                                    # before = 0 for the top token: always kept
    remove = torch.zeros_like(remove_sorted).scatter(-1, order, remove_sorted)   # back to vocabulary order
    return logits.masked_fill(remove, float("-inf"))               # a new tensor: the input is left alone


def top_p_sample(logits: torch.Tensor, p: float, temperature: float = 1.0,
                 generator: torch.Generator | None = None) -> torch.Tensor:
    filtered = top_p_filter(logits / temperature, p)               # temperature first, then the nucleus
    probs = torch.softmax(filtered, dim=-1)                        # exactly 0 outside the nucleus
    ids = torch.multinomial(probs.reshape(-1, logits.shape[-1]), 1, generator=generator)   # (rows, 1)
    return ids.view(logits.shape[:-1])                             # (...)
