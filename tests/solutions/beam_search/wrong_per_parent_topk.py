import torch

EXPECT = {
    'values': "keeps each hypothesis' own top beam_width children instead of the global top beam_width",
    'one model call per step': '',
}


def beam_search(step_logprobs, bos, eos, beam_width, max_new_tokens, length_penalty=1.0):
    beam = [([bos], 0.0)]
    finished = []
    for _ in range(max_new_tokens):
        logp = step_logprobs(torch.tensor([s for s, _ in beam]))
        new_beam = []
        for (seq, score), row in zip(beam, logp):
            vals, toks = row.topk(min(beam_width, row.numel()))
            for lp, tok in zip(vals.tolist(), toks.tolist()):
                new_beam.append((seq + [tok], score + lp))
        finished += [h for h in new_beam if h[0][-1] == eos]
        beam = [h for h in new_beam if h[0][-1] != eos]
        if not beam:
            break
    finished += beam
    best = max(finished, key=lambda h: h[1] / (len(h[0]) - 1) ** length_penalty)
    return best[0], best[1] / (len(best[0]) - 1) ** length_penalty
