"""The reference agrees with the same decoding written without a cache: every step feeds the whole
sequence so far to the model again, the scores go through Hugging Face transformers' own warpers
(TemperatureLogitsWarper, TopKLogitsWarper, TopPLogitsWarper, in that order, as transformers' generate
applies them) and one torch.multinomial per step draws from the same generator, EOS handled row by row
in plain Python. The tokens are the same, draw for draw. The reference's calls are counted: the prompt
once, then one token per sequence per step, none after the last token."""
import pytest
import torch
from transformers.generation.logits_process import (LogitsProcessorList, TemperatureLogitsWarper,
                                                    TopKLogitsWarper, TopPLogitsWarper)

from grader.specs.generate import TinyDecoder
from reference.generate import generate


def without_cache(model, input_ids, max_new_tokens, eos_token_id=None, pad_token_id=0, do_sample=False,
                  temperature=1.0, top_k=None, top_p=None, generator=None):
    warpers = LogitsProcessorList()
    if temperature != 1.0:
        warpers.append(TemperatureLogitsWarper(temperature))
    if top_k is not None:
        warpers.append(TopKLogitsWarper(top_k))
    if top_p is not None:
        warpers.append(TopPLogitsWarper(top_p))
    B = input_ids.shape[0]
    seqs = input_ids.clone()
    out = [[pad_token_id] * max_new_tokens for _ in range(B)]
    done = [False] * B
    for t in range(max_new_tokens):
        scores = model(seqs)[0][:, -1]                                    # the whole prefix, every step
        if do_sample:
            token = torch.multinomial(warpers(seqs, scores).softmax(-1), 1, generator=generator)[:, 0]
        else:
            token = scores.argmax(-1)
        for b in range(B):
            if not done[b]:
                out[b][t] = int(token[b])
                done[b] = eos_token_id is not None and out[b][t] == eos_token_id
        if all(done):
            break
        seqs = torch.cat([seqs, torch.tensor(out)[:, t:t + 1]], dim=1)
    return torch.tensor(out)


SETTINGS = [dict(), dict(eos_token_id=2), dict(eos_token_id=0, pad_token_id=3),
            dict(do_sample=True), dict(do_sample=True, eos_token_id=1, temperature=0.7),
            dict(do_sample=True, top_k=3, temperature=1.5), dict(do_sample=True, top_p=0.8, eos_token_id=4),
            dict(do_sample=True, top_k=5, top_p=0.6, temperature=0.8, eos_token_id=5, pad_token_id=0)]


@pytest.mark.parametrize("settings", SETTINGS, ids=lambda s: ",".join(f"{k}={v}" for k, v in s.items()) or "greedy")
@pytest.mark.parametrize("V,B,P,max_new,seed", [(6, 3, 2, 8, 0), (8, 5, 4, 12, 1), (5, 1, 1, 5, 2), (12, 16, 3, 20, 3)])
def test_same_tokens_as_without_a_cache(settings, V, B, P, max_new, seed):
    model = TinyDecoder(V, seed)
    ids = torch.randint(V, (B, P), generator=torch.Generator().manual_seed(seed))
    kwargs = dict(settings)
    want = without_cache(model, ids, max_new, **kwargs,
                         **({"generator": torch.Generator().manual_seed(7)} if kwargs.get("do_sample") else {}))
    got = generate(model, ids, max_new, **kwargs,
                   **({"generator": torch.Generator().manual_seed(7)} if kwargs.get("do_sample") else {}))
    assert torch.equal(got, want)


@pytest.mark.parametrize("eos", [None, 3])
def test_calls_counted(eos):
    model = TinyDecoder(6, 4)
    ids = torch.randint(6, (4, 3), generator=torch.Generator().manual_seed(0))
    out = generate(model, ids, 10, eos_token_id=eos, do_sample=True, generator=torch.Generator().manual_seed(1))
    rows = out.tolist()
    steps = max(r.index(eos) for r in rows) + 1 if eos is not None and all(eos in r for r in rows) else 10
    assert model.calls == [(4, 3, 0)] + [(4, 1, 3 + t) for t in range(steps - 1)]


def test_generator_alone_decides():
    model = TinyDecoder(7, 5)
    ids = torch.randint(7, (6, 2), generator=torch.Generator().manual_seed(0))
    torch.manual_seed(0)
    state = torch.get_rng_state()
    a = generate(model, ids, 6, do_sample=True, top_p=0.9, generator=torch.Generator().manual_seed(3))
    torch.manual_seed(1)
    b = generate(model, ids, 6, do_sample=True, top_p=0.9, generator=torch.Generator().manual_seed(3))
    assert torch.equal(a, b)
    torch.manual_seed(0)
    generate(model, ids, 6, do_sample=True, generator=torch.Generator().manual_seed(3))
    assert torch.equal(torch.get_rng_state(), state)
