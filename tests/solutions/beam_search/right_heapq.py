import heapq

import torch


def beam_search(step_logprobs, bos, eos, beam_width, max_new_tokens, length_penalty=1.0):
    live = [(0.0, (bos,))]
    done = {}
    step = 0
    while live and step < max_new_tokens:
        step += 1
        logp = step_logprobs(torch.tensor([list(toks) for _, toks in live], dtype=torch.long))
        best = heapq.nlargest(
            beam_width,
            ((score + float(logp[i, v]), toks + (v,)) for i, (score, toks) in enumerate(live)
             for v in range(logp.shape[1])),
        )
        done.update({toks: score for score, toks in best if toks[-1] == eos})
        live = [(score, toks) for score, toks in best if toks[-1] != eos]
    for score, toks in live:
        done[toks] = score

    def norm(toks):
        return done[toks] / (len(toks) - 1) ** length_penalty
    winner = max(done, key=norm)
    return list(winner), norm(winner)
