import torch


def beam_search(step_logprobs, bos, eos, beam_width, max_new_tokens, length_penalty=1.0):
    seqs = torch.full((1, 1), bos, dtype=torch.long)
    scores = torch.zeros(1, dtype=torch.float64)
    fin_tokens, fin_scores = [], []
    for t in range(max_new_tokens):
        logp = step_logprobs(seqs).double()
        n, V = logp.shape
        total = (scores.unsqueeze(1) + logp).reshape(-1)
        order = torch.argsort(total, descending=True)[:beam_width]
        parents = torch.div(order, V, rounding_mode="floor")
        tokens = order % V
        seqs = torch.cat([seqs.index_select(0, parents), tokens.unsqueeze(1)], dim=1)
        scores = total[order]
        ended = tokens == eos
        for i in ended.nonzero().flatten().tolist():
            fin_tokens.append(seqs[i].tolist())
            fin_scores.append(scores[i].item())
        seqs, scores = seqs[~ended], scores[~ended]
        if seqs.shape[0] == 0:
            break
    fin_tokens += seqs.tolist()
    fin_scores += scores.tolist()
    lengths = torch.tensor([len(s) - 1 for s in fin_tokens], dtype=torch.float64)
    normed = torch.tensor(fin_scores, dtype=torch.float64) / lengths.pow(length_penalty)
    i = int(normed.argmax())
    return fin_tokens[i], normed[i].item()
