import torch


def sft_loss(logits, input_ids, prompt_lens, attention_mask):
    # log_softmax and gather, then boolean indexing of the counted tokens
    logp = torch.log_softmax(logits[:, :-1], dim=-1)
    token_logp = logp.gather(-1, input_ids[:, 1:].unsqueeze(-1)).squeeze(-1)       # (B, S - 1)
    t = torch.arange(1, input_ids.shape[1], device=input_ids.device)
    counted = (t >= prompt_lens[:, None]) & attention_mask[:, 1:]
    loss = -token_logp[counted].mean()
    return loss, loss.exp()
