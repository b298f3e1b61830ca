import torch


def top_k_filter(logits: torch.Tensor, k: int) -> torch.Tensor:
    k = min(k, logits.shape[-1])                                  # k >= V keeps every token
    kth = logits.topk(k, dim=-1).values[..., -1:]                 # (..., 1) the k-th largest of each row
    return logits.masked_fill(logits < kth, float("-inf"))        # ties with the k-th stay; a new tensor


def sample(logits: torch.Tensor, k: int, temperature: float = 1.0,
           generator: torch.Generator | None = None) -> torch.Tensor:
    probs = torch.softmax(top_k_filter(logits / temperature, k), dim=-1)   # removed tokens get exactly 0
    ids = torch.multinomial(probs.reshape(-1, logits.shape[-1]), 1, generator=generator)   # (rows, 1)
    return ids.view(logits.shape[:-1])                            # (...)
