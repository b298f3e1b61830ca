import torch

EXPECT = {
    'one model call per step': 'step_logprobs called once per hypothesis: call it once per step with the live beam stacked as (n, t)',
}


def beam_search(step_logprobs, bos, eos, beam_width, max_new_tokens, length_penalty=1.0):
    beam = [([bos], 0.0)]
    finished = []
    for _ in range(max_new_tokens):
        cands = []
        for seq, score in beam:
            logp = step_logprobs(torch.tensor([seq]))[0]
            cands += [(seq + [v], score + lp) for v, lp in enumerate(logp.tolist())]
        cands = sorted(cands, key=lambda c: -c[1])[:beam_width]
        finished += [c for c in cands if c[0][-1] == eos]
        beam = [c for c in cands if c[0][-1] != eos]
        if not beam:
            break
    finished += beam
    best = max(finished, key=lambda h: h[1] / (len(h[0]) - 1) ** length_penalty)
    return best[0], best[1] / (len(best[0]) - 1) ** length_penalty
