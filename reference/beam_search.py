import torch


def beam_search(step_logprobs, bos: int, eos: int, beam_width: int, max_new_tokens: int,
                length_penalty: float = 1.0) -> tuple[list[int], float]:
    seqs = torch.tensor([[bos]])                           # (n, t) live hypotheses, all of length t
    scores = torch.zeros(1)                                # (n,) summed log-probs
    finished = []                                          # (tokens, summed log-prob)
    for _ in range(max_new_tokens):
        logp = step_logprobs(seqs)                         # (n, V): one call for the whole beam
        V = logp.shape[-1]
        cand = (scores[:, None] + logp).flatten()          # (n·V,) every expansion of every hypothesis
        top, idx = cand.topk(min(beam_width, cand.numel()))   # global best, not per parent
        seqs = torch.cat([seqs[idx // V], (idx % V)[:, None]], dim=1)   # (k, t+1)
        done = seqs[:, -1] == eos
        finished += zip(seqs[done].tolist(), top[done].tolist())
        seqs, scores = seqs[~done], top[~done]             # finished ones leave; the beam is not refilled
        if len(seqs) == 0:
            break
    finished += zip(seqs.tolist(), scores.tolist())        # still live after the last step: finished too

    def normalised(hyp):                                   # n_new counts the tokens after bos, eos included
        return hyp[1] / (len(hyp[0]) - 1) ** length_penalty
    best = max(finished, key=normalised)
    return best[0], normalised(best)
