import torch

EXPECT = {
    'values': 'length penalty counts bos (n_new counts only the tokens after bos)',
    'score = summed log-probs / n_new ** length_penalty': '',
    'beam_width=1 is greedy decoding': '',
    'a beam wider than all candidates finds the best hypothesis': '',
}


def beam_search(step_logprobs, bos, eos, beam_width, max_new_tokens, length_penalty=1.0):
    seqs, scores = torch.tensor([[bos]]), torch.zeros(1)
    finished = []
    for _ in range(max_new_tokens):
        logp = step_logprobs(seqs)
        V = logp.shape[1]
        top, idx = (scores[:, None] + logp).flatten().topk(min(beam_width, seqs.shape[0] * V))
        seqs = torch.cat([seqs[idx // V], (idx % V)[:, None]], 1)
        done = seqs[:, -1] == eos
        finished += list(zip(seqs[done].tolist(), top[done].tolist()))
        seqs, scores = seqs[~done], top[~done]
        if len(seqs) == 0:
            break
    finished += list(zip(seqs.tolist(), scores.tolist()))
    best = max(finished, key=lambda h: h[1] / len(h[0]) ** length_penalty)
    return best[0], best[1] / len(best[0]) ** length_penalty
