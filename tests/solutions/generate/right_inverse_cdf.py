import torch


def generate(model, input_ids, max_new_tokens, eos_token_id=None, pad_token_id=0, do_sample=False,
             temperature=1.0, top_k=None, top_p=None, generator=None):
    """Probabilities filtered in float64, one uniform per row through the CDF; finished rows feed EOS again."""
    B = input_ids.shape[0]
    out = input_ids.new_full((B, max_new_tokens), pad_token_id)
    finished = input_ids.new_zeros(B, dtype=torch.bool)
    logits, cache = model(input_ids)
    for step in range(max_new_tokens):
        scores = logits[:, -1, :].double()
        if not do_sample:
            nxt = scores.argmax(dim=1)
        else:
            probs = torch.softmax(scores / temperature, dim=1)
            if top_k is not None:
                k = min(top_k, probs.shape[1])
                probs = torch.where(probs >= probs.topk(k, dim=1).values[:, k - 1:k], probs, torch.zeros_like(probs))
                probs = probs / probs.sum(1, keepdim=True)
            if top_p is not None:
                sp, order = probs.sort(dim=1, descending=True)
                keep_sorted = (sp.cumsum(1) - sp) < top_p
                keep = keep_sorted.gather(1, order.argsort(dim=1))
                probs = torch.where(keep, probs, torch.zeros_like(probs))
            cdf = probs.cumsum(1)
            u = torch.rand(B, 1, generator=generator, device=probs.device, dtype=probs.dtype) * cdf[:, -1:]
            nxt = torch.searchsorted(cdf, u, right=True).squeeze(1).clamp(max=probs.shape[1] - 1)
        nxt = nxt.masked_fill(finished, pad_token_id)
        out[:, step] = nxt
        if eos_token_id is not None:
            finished |= nxt == eos_token_id
            if finished.all():
                return out
        if step + 1 < max_new_tokens:
            feed = torch.where(finished, torch.full_like(nxt, eos_token_id if eos_token_id is not None else 0), nxt)
            logits, cache = model(feed.unsqueeze(1), cache)
    return out
