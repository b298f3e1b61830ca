import torch
import torch.nn.functional as F


def top_p_filter(logits: torch.Tensor, p: float) -> torch.Tensor:
    sorted_logits, order = torch.sort(logits, dim=-1, descending=True)
    cum = F.softmax(sorted_logits, dim=-1).cumsum(dim=-1)
    remove = cum > p
    # shift right so the token that crosses p survives; the first one always does
    remove = torch.cat([torch.zeros_like(remove[..., :1]), remove[..., :-1]], dim=-1)
    inverse = order.argsort(dim=-1)
    return logits.masked_fill(remove.gather(-1, inverse), float("-inf"))


def top_p_sample(logits, p, temperature=1.0, generator=None):
    probs = F.softmax(top_p_filter(logits / temperature, p), dim=-1)
    *lead, V = probs.shape
    return torch.multinomial(probs.reshape(-1, V), 1, generator=generator).reshape(lead)
