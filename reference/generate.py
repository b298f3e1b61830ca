import torch


def generate(model, input_ids: torch.Tensor, max_new_tokens: int, eos_token_id: int | None = None,
             pad_token_id: int = 0, do_sample: bool = False, temperature: float = 1.0, top_k: int | None = None,
             top_p: float | None = None, generator: torch.Generator | None = None) -> torch.Tensor:
    B = input_ids.shape[0]
    out = torch.full((B, max_new_tokens), pad_token_id, dtype=torch.long, device=input_ids.device)
    done = torch.zeros(B, dtype=torch.bool, device=input_ids.device)
    logits, cache = model(input_ids)                                # prefill: the whole prompt, once
    for t in range(max_new_tokens):
        if t > 0:
            logits, cache = model(out[:, t - 1:t], cache)           # then only the newest token
        scores = logits[:, -1]                                      # (B, V): the next token's
        if do_sample:
            scores = scores / temperature                           # temperature first: it changes the nucleus
            if top_k is not None:
                kth = scores.topk(min(top_k, scores.shape[-1]), dim=-1).values[:, -1:]
                scores = scores.masked_fill(scores < kth, float("-inf"))
            if top_p is not None:
                sorted_scores, order = scores.sort(dim=-1, descending=True)
                probs = sorted_scores.softmax(-1)
                before = probs.cumsum(-1) - probs                   # mass strictly before each token
                remove = torch.zeros_like(order, dtype=torch.bool).scatter(-1, order, before >= top_p)
                scores = scores.masked_fill(remove, float("-inf"))
            token = torch.multinomial(scores.softmax(-1), 1, generator=generator).squeeze(1)
        else:
            token = scores.argmax(-1)
        token = torch.where(done, pad_token_id, token)              # finished sequences are padded
        out[:, t] = token
        if eos_token_id is not None:
            done = done | (token == eos_token_id)
            if done.all():
                break                                               # no call once every sequence has ended
    return out
