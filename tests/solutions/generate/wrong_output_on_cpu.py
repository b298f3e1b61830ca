import torch

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
}


def generate(model, input_ids, max_new_tokens, eos_token_id=None, pad_token_id=0, do_sample=False,
             temperature=1.0, top_k=None, top_p=None, generator=None):
    B = input_ids.shape[0]
    out = torch.full((B, max_new_tokens), pad_token_id, dtype=torch.long)         # on the CPU, whatever the input's device
    done = torch.zeros(B, dtype=torch.bool)
    logits, cache = model(input_ids)
    for t in range(max_new_tokens):
        if t > 0:
            logits, cache = model(out[:, t - 1:t].to(input_ids.device), cache)
        scores = logits[:, -1]
        if do_sample:
            scores = scores / temperature
            if top_k is not None:
                scores = scores.masked_fill(scores < scores.topk(min(top_k, scores.shape[-1])).values[:, -1:],
                                            float("-inf"))
            if top_p is not None:
                s, order = scores.sort(-1, descending=True)
                p = s.softmax(-1)
                remove = torch.zeros_like(order, dtype=torch.bool).scatter(-1, order, p.cumsum(-1) - p >= top_p)
                scores = scores.masked_fill(remove, float("-inf"))
            token = torch.multinomial(scores.softmax(-1), 1, generator=generator).squeeze(1)
        else:
            token = scores.argmax(-1)
        token = torch.where(done, pad_token_id, token.cpu())
        out[:, t] = token
        if eos_token_id is not None:
            done = done | (token == eos_token_id)
            if done.all():
                break
    return out
