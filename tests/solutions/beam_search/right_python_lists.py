import torch


def beam_search(step_logprobs, bos, eos, beam_width, max_new_tokens, length_penalty=1.0):
    beam = [([bos], 0.0)]
    finished = []
    for _ in range(max_new_tokens):
        logp = step_logprobs(torch.tensor([seq for seq, _ in beam])).tolist()
        candidates = []
        for (seq, score), row in zip(beam, logp):
            for tok, lp in enumerate(row):
                candidates.append((score + lp, seq + [tok]))
        candidates.sort(key=lambda c: c[0], reverse=True)
        beam = []
        for score, seq in candidates[:beam_width]:
            if seq[-1] == eos:
                finished.append((seq, score))
            else:
                beam.append((seq, score))
        if not beam:
            break
    finished.extend(beam)
    best_seq, best = None, float("-inf")
    for seq, score in finished:
        s = score / (len(seq) - 1) ** length_penalty
        if s > best:
            best_seq, best = seq, s
    return best_seq, best
