import torch

EXPECT = {
    'values': 'length penalty excludes eos (n_new includes eos)',
    'score = summed log-probs / n_new ** length_penalty': '',
    'beam_width=1 is greedy decoding': '',
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
    finished += beam

    def norm(h):
        n = len([t for t in h[0][1:] if t != eos])      # content tokens only
        return h[1] / max(n, 1) ** length_penalty
    best = max(finished, key=norm)
    return best[0], norm(best)
