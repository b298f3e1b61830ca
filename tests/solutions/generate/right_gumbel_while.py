import torch


def generate(model, input_ids, max_new_tokens, eos_token_id=None, pad_token_id=0, do_sample=False,
             temperature=1.0, top_k=None, top_p=None, generator=None):
    """A while loop that appends columns; sampling by the Gumbel-max trick; Hugging Face's ascending top-p rule."""
    B = input_ids.size(0)
    dev = input_ids.device
    alive = torch.ones(B, dtype=torch.bool, device=dev)
    cols = []
    logits, cache = model(input_ids)
    while True:
        scores = logits[:, -1].float()
        if do_sample:
            scores = scores / temperature
            if top_k is not None and top_k < scores.size(-1):
                kth = torch.kthvalue(scores, scores.size(-1) - top_k + 1, dim=-1, keepdim=True).values
                scores = torch.where(scores >= kth, scores, torch.full_like(scores, float("-inf")))
            if top_p is not None:
                asc, idx = torch.sort(scores, dim=-1)                        # ascending
                cum = asc.softmax(-1).cumsum(-1)
                drop = cum <= 1 - top_p
                drop[:, -1] = False
                scores = scores.masked_fill(torch.zeros_like(drop).scatter(1, idx, drop), float("-inf"))
            u = torch.rand(scores.shape, generator=generator, device=dev).clamp_(min=1e-20)
            token = torch.argmax(scores - torch.log(-torch.log(u)), dim=-1)
        else:
            token = scores.max(-1).indices
        token = torch.where(alive, token, torch.full_like(token, pad_token_id))
        cols.append(token)
        if eos_token_id is not None:
            alive = alive & (token != eos_token_id)
        if len(cols) == max_new_tokens or not bool(alive.any()):
            break
        logits, cache = model(token[:, None], cache)
    out = torch.stack(cols, dim=1)
    pad = torch.full((B, max_new_tokens - out.size(1)), pad_token_id, dtype=torch.long, device=dev)
    return torch.cat([out, pad], dim=1)
