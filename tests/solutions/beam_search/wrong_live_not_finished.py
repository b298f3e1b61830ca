import torch

EXPECT = {
    'runs': 'never treats the hypotheses still live after max_new_tokens as finished',
    'a beam wider than all candidates finds the best hypothesis': '',
}


def beam_search(step_logprobs, bos, eos, beam_width, max_new_tokens, length_penalty=1.0):
    beam = [([bos], 0.0)]
    finished = []
    for _ in range(max_new_tokens):
        logp = step_logprobs(torch.tensor([s for s, _ in beam])).tolist()
        cands = sorted(((s + [v], sc + lp) for (s, sc), row in zip(beam, logp) for v, lp in enumerate(row)),
                       key=lambda c: -c[1])[:beam_width]
        finished += [c for c in cands if c[0][-1] == eos]
        beam = [c for c in cands if c[0][-1] != eos]
        if not beam:
            break
    best = max(finished, key=lambda h: h[1] / (len(h[0]) - 1) ** length_penalty)
    return best[0], best[1] / (len(best[0]) - 1) ** length_penalty
