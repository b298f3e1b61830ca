import torch

EXPECT = {
    'model calls counted': '',
    'no loop': '',
}


def generate(model, input_ids, max_new_tokens, eos_token_id=None, pad_token_id=0, do_sample=False,
             temperature=1.0, top_k=None, top_p=None, generator=None):
    rows = []
    for prompt in input_ids:                                   # each sequence with its own loop and cache
        row = torch.full((max_new_tokens,), pad_token_id, dtype=torch.long, device=input_ids.device)
        logits, cache = model(prompt[None])
        for t in range(max_new_tokens):
            if t > 0:
                logits, cache = model(row[None, t - 1:t], cache)
            scores = logits[0, -1]
            if do_sample:
                scores = scores / temperature
                if top_k is not None:
                    scores = scores.masked_fill(scores < scores.topk(min(top_k, len(scores))).values[-1], float("-inf"))
                if top_p is not None:
                    s, order = scores.sort(descending=True)
                    p = s.softmax(-1)
                    remove = torch.zeros_like(order, dtype=torch.bool).scatter(0, order, p.cumsum(-1) - p >= top_p)
                    scores = scores.masked_fill(remove, float("-inf"))
                row[t] = torch.multinomial(scores.softmax(-1), 1, generator=generator)[0]
            else:
                row[t] = scores.argmax()
            if eos_token_id is not None and row[t] == eos_token_id:
                break
        rows.append(row)
    return torch.stack(rows)
