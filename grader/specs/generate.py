"""generate: a decoding loop over a given model, judged by the exact distribution of what it emits and
by counting the model's calls. Particular to it: the model is the grader's own tiny causal transformer
(TinyDecoder: one attention layer over a real KV cache, learned positions) that records every call; the
exact per-step distribution of the tokens (EOS and padding included) is enumerated over every prefix,
without a cache, in float64; the sampled cases' models are picked so that no decision (argmax, the k-th
largest, the nucleus' edge) lies within 1e-3 of a tie; greedy decoding is a point mass, so it is judged
exactly too; and the mistakes of recomputing the prefix, EOS for the whole batch, temperature order and
the global generator."""
import math

from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.compare import describe_value
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Sampled

META = dict(oracle="the same loop without a cache (the prefix recomputed at every step) with the same generator; "
                   "the exact distribution of the tokens, enumerated",
            title="Autoregressive generation with a KV cache", zh="自回归生成", topic="decoding",
            difficulty="medium", minutes=30)
HINTS = [
    "Start with out = torch.full((B, max_new_tokens), pad_token_id, dtype=torch.long, device=input_ids.device) "
    "and done = zeros(B, bool). Prefill once: logits, cache = model(input_ids); the next token's scores are "
    "logits[:, -1].",
    "Each step: choose token (B,); token = torch.where(done, pad_token_id, token); out[:, t] = token; done |= "
    "token == eos_token_id; stop when done.all(). Only then, if another token is needed: logits, cache = "
    "model(out[:, t:t + 1], cache) — the newest token alone.",
    "Sampling: scores / temperature first; top-k: masked_fill(scores < scores.topk(k).values[:, -1:], -inf); "
    "top-p: sort descending, probs.cumsum(-1) - probs >= top_p marks the removed ones, scatter that mask back "
    "with the sort order; then torch.multinomial(scores.softmax(-1), 1, generator=generator).",
    "Greedy is scores.argmax(-1): no temperature, no filter, no generator.",
]

INF = float("-inf")
MARGIN = 1e-3      # the picked models keep every decision at least this far from a tie
DRAWS = 2000       # rows (draws) in a sampled case


# ---- the models given to generate ---------------------------------------------------------------

def check_ids(ids):
    if not isinstance(ids, torch.Tensor) or ids.dtype != torch.long or ids.dim() != 2 or ids.shape[1] == 0:
        raise TypeError(f"model takes ids as a LongTensor (B, T) with T >= 1, got {describe_value(ids)}")


class TinyDecoder:
    """A one-layer, one-head causal transformer with learned positions and a real KV cache:
    model(ids (B, T), cache=None) -> (logits (B, T, V), cache). The cache holds the keys and values
    (B, S, d) of the S tokens fed so far. Every call is recorded as (B, T, S)."""

    def __init__(self, vocab: int, seed: int, d: int = 8, max_len: int = 512, sharpness: float = 3.0):
        g = torch.Generator().manual_seed(seed)
        self.vocab, self.d, self.seed = vocab, d, seed
        self.emb = torch.randn(vocab, d, generator=g)
        self.pos = torch.randn(max_len, d, generator=g) * 0.5
        self.wq, self.wk, self.wv = (torch.randn(d, d, generator=g) / math.sqrt(d) for _ in range(3))
        self.out = torch.randn(d, vocab, generator=g) * sharpness / math.sqrt(d)
        self.calls = []
        self.__name__ = f"tiny_decoder(V={vocab}, seed={seed})"

    def __call__(self, ids, cache=None):
        check_ids(ids)
        B, T = ids.shape
        S = 0
        if cache is not None:
            if not (isinstance(cache, tuple) and len(cache) == 2 and cache[0].shape[0] == B):
                raise ValueError(f"the cache passed back must be the one the model returned for these {B} sequences, "
                                 f"got {describe_value(cache)}")
            S = cache[0].shape[1]
        self.calls.append((B, T, S))
        dev = ids.device
        emb, pos, wq, wk, wv, out = (t.to(dev) for t in (self.emb, self.pos, self.wq, self.wk, self.wv, self.out))
        x = emb[ids] + pos[S:S + T]                                        # (B, T, d)
        q, k, v = x @ wq, x @ wk, x @ wv
        if cache is not None:
            k, v = torch.cat([cache[0], k], dim=1), torch.cat([cache[1], v], dim=1)   # (B, S + T, d)
        scores = q @ k.transpose(1, 2) / math.sqrt(self.d)
        keep = torch.ones(T, S + T, dtype=torch.bool, device=dev).tril(S)  # query S + t sees keys <= S + t
        h = x + torch.softmax(scores.masked_fill(~keep, INF), dim=-1) @ v
        return torch.tanh(h) @ out, (k, v)


class BigramModel:
    """The prompt's toy model: the next token's scores depend on the last token only; its cache is
    the number of tokens seen."""

    def __init__(self, table):
        self.table, self.vocab, self.calls = table, table.shape[0], []
        self.__name__ = "the prompt's Bigram model"

    def __call__(self, ids, cache=None):
        check_ids(ids)
        self.calls.append((ids.shape[0], ids.shape[1], 0 if cache is None else cache))
        return self.table.to(ids.device)[ids], (0 if cache is None else cache) + ids.shape[1]


TABLE = torch.tensor([[0.0, 2.0, 1.0, 0.0], [0.0, 0.0, 1.0, 3.0], [0.0, 0.0, 0.0, 0.0], [1.0, 0.5, 2.5, 0.0]])


# ---- the exact distribution, enumerated without a cache -----------------------------------------

def options(case: Case) -> dict:
    names = ["eos_token_id", "pad_token_id", "do_sample", "temperature", "top_k", "top_p"]
    defaults = [None, 0, False, 1.0, None, None]
    return {n: case.kwargs.get(n, d) for n, d in zip(names, defaults)}


def next_distribution(scores: torch.Tensor, o: dict, slack: float = 0.0) -> tuple[torch.Tensor, float]:
    """(the distribution of the next token (V,) in float64, how far its decisions are from a tie).
    slack widens the filters (a token that close to an edge counts as kept)."""
    s = scores.double()
    if not o["do_sample"]:
        top2 = s.topk(min(2, len(s))).values
        dist = torch.zeros_like(s)
        dist[s.argmax()] = 1.0
        return dist, (top2[0] - top2[1]).item() if len(s) > 1 else math.inf
    s, margin = s / o["temperature"], math.inf
    if o["top_k"] is not None:
        ordered = s.sort(descending=True).values
        k = min(o["top_k"], len(s))
        kth = ordered[k - 1]
        if k < len(s):
            margin = min(margin, (kth - ordered[k]).item())
        s = s.masked_fill(s < kth - slack, INF)
    if o["top_p"] is not None:
        ordered, order = s.sort(descending=True)
        probs = ordered.softmax(-1)
        before = probs.cumsum(-1) - probs
        live = torch.isfinite(ordered)
        if live.any():
            margin = min(margin, (before[live] - o["top_p"]).abs().min().item())
        remove = torch.zeros_like(live).scatter(-1, order, before >= o["top_p"] + slack)
        s = s.masked_fill(remove, INF)
    return s.softmax(-1), margin


def last_scores(model, prefix: list) -> torch.Tensor:
    return model(torch.tensor([prefix]))[0][0, -1]


def enumerate_outputs(model, prompt: list, max_new: int, o: dict):
    """(per-step distribution of the emitted token (max_new, V), the smallest decision margin met)."""
    V = model.vocab
    probs = torch.zeros(max_new, max(V, o["pad_token_id"] + 1), dtype=torch.float64)
    margin = [math.inf]

    def walk(prefix, p, t):
        dist, m = next_distribution(last_scores(model, prefix), o)
        margin[0] = min(margin[0], m)
        for x in dist.nonzero().flatten().tolist():
            q = p * dist[x].item()
            probs[t, x] += q
            if o["eos_token_id"] is not None and x == o["eos_token_id"]:
                probs[t + 1:, o["pad_token_id"]] += q
            elif t + 1 < max_new:
                walk(prefix + [x], q, t + 1)
    walk(list(prompt), 1.0, 0)
    return probs, margin[0]


def exact(case: Case) -> torch.Tensor:
    model, ids, max_new = case.args
    return enumerate_outputs(model, ids[0].tolist(), max_new, options(case))[0]


def rows(prompt, vocab, seed, max_new, label, **kwargs) -> Case:
    """DRAWS copies of one prompt, on the first TinyDecoder from `seed` whose decisions are all at
    least MARGIN from a tie (enumerated over every prefix)."""
    o = options(Case(kwargs=kwargs))
    for s in range(seed, seed + 300):
        model = TinyDecoder(vocab, s)
        if enumerate_outputs(model, prompt, max_new, o)[1] >= MARGIN:
            ids = torch.tensor([prompt]).expand(DRAWS, len(prompt)).clone()
            return Case(args=(model, ids, max_new), kwargs=kwargs, label=f"{DRAWS} copies of one prompt: {label}")
    raise ValueError("no robust model found")


# ---- drawn inputs ------------------------------------------------------------------------------

def inputs(draw) -> Case:
    V, B, P = draw(st.integers(2, 8)), draw(st.integers(1, 4)), draw(st.integers(1, 5))
    model = TinyDecoder(V, draw(st.integers(0, 2**16)))
    ids = torch.randint(V, (B, P), generator=kit.generator(draw))
    kwargs = {}
    if draw(st.booleans()):
        kwargs["eos_token_id"] = draw(st.integers(0, V - 1))
    if draw(st.booleans()):
        kwargs["pad_token_id"] = draw(st.integers(0, V - 1))
    if draw(st.booleans()):
        kwargs |= {"do_sample": True, "generator": kit.generator(draw)}
        for key, values in (("temperature", [0.5, 1.0, 2.0]), ("top_k", [1, 2, 3, V + 1]),
                            ("top_p", [0.3, 0.6, 0.9])):
            if draw(st.booleans()):
                kwargs[key] = draw(st.sampled_from(values))
    return Case(args=(model, ids, draw(st.integers(1, 6))), kwargs=kwargs)


# ---- invariants --------------------------------------------------------------------------------

def _output(call, case) -> torch.Tensor:
    _, ids, max_new = case.args
    out = call(case)
    if not isinstance(out, torch.Tensor) or tuple(out.shape) != (ids.shape[0], max_new) or out.dtype != torch.long:
        raise Fail(f"expected a long tensor of shape {(ids.shape[0], max_new)} (the new tokens), got "
                   f"{describe_value(out)}")
    return out.detach().cpu()


def ended_at(row: list, eos) -> int | None:
    return row.index(eos) if eos is not None and eos in row else None


def follows_the_model(call, case):
    """Each row, step by step: after EOS only padding; before, a token the rule allows given the row's
    own prefix (greedy: the argmax; sampling: a token the filters keep), computed here without a cache."""
    model, ids, max_new = case.args
    o = options(case)
    out = _output(call, case)
    for b, row in enumerate(out.tolist()):
        prefix = ids[b].tolist()
        for t, x in enumerate(row):
            if not 0 <= x < model.vocab:
                raise Fail(f"sequence {b} step {t}: token {x} is not in the vocabulary 0..{model.vocab - 1}")
            dist, margin = next_distribution(last_scores(model, prefix), o, slack=1e-4)
            if not o["do_sample"] and margin < 1e-4:
                break                                   # a near tie: the argmax is not well defined
            if dist[x] == 0:
                rule = "the argmax of the scores" if not o["do_sample"] else "a token kept by temperature, top-k, top-p"
                raise Fail(f"sequence {b} step {t}: emitted {x} after the tokens {prefix[len(ids[b]):]} of its own, "
                           f"but the next token should be {rule}" +
                           (f" ({int(dist.argmax())})" if not o["do_sample"] else ""))
            prefix.append(x)
            if o["eos_token_id"] is not None and x == o["eos_token_id"]:
                rest = row[t + 1:]
                if any(y != o["pad_token_id"] for y in rest):
                    raise Fail(f"sequence {b} produced EOS ({x}) at step {t}, then {rest}: every later position is "
                               f"pad_token_id={o['pad_token_id']}", mistake=EOS_NOT_PER_SEQUENCE)
                break


GLOBAL_RNG = "sampling from torch's global random generator: pass generator= to every random call"


def global_rng_untouched(call, case):
    """Sampling draws from `generator` alone: torch's global random state is the same after the call."""
    if not case.kwargs.get("do_sample"):
        return
    saved = torch.get_rng_state()
    try:
        call(case)
        changed = not torch.equal(saved, torch.get_rng_state())
    finally:
        torch.set_rng_state(saved)
    if changed:
        raise Fail("torch's global random state changed during the call: every draw must come from `generator` "
                   "(torch.multinomial(..., generator=generator))", mistake=GLOBAL_RNG)


RECOMPUTES = ("the prefix is fed to the model again at every step (no cache): after the prefill, feed only the "
              "newest token (B, 1) with the cache the model returned")
CALLED_AFTER_LAST = "the model is called after the last token was chosen (or after every sequence ended)"
EOS_NOT_PER_SEQUENCE = ("EOS not tracked per sequence: a sequence that produced EOS is padded from the next step on, "
                        "while the others go on until each produces its own EOS or max_new_tokens")


def calls_counted(call, case):
    """The model's calls: the prompt once (cache None), then one newest token per sequence per step
    with the cache, as many steps as tokens are chosen minus one."""
    model, ids, max_new = case.args
    o = options(case)
    before = len(model.calls)
    out = _output(call, case)
    calls = model.calls[before:]
    B, P = ids.shape
    ends = [ended_at(row, o["eos_token_id"]) for row in out.tolist()]
    steps = max(ends) + 1 if all(e is not None for e in ends) else max_new
    want = [(B, P, 0)] + [(B, 1, P + t) for t in range(steps - 1)]
    if calls == want:
        return
    fed, should = sum(b * t for b, t, _ in calls), sum(b * t for b, t, _ in want)
    shown = f"{calls[:4]}{'...' * (len(calls) > 4)}"
    if not calls or calls[0] != (B, P, 0):
        raise Fail(f"the model was called {len(calls)} times, fed {fed} tokens in all ((B, T, cached) of the first "
                   f"calls: {shown}); choosing {steps} tokens for {B} sequences takes {len(want)} calls and "
                   f"{should} tokens: the prompt once, then the newest token of each sequence ({want[:3]}...). "
                   f"The first call is model(input_ids) on the whole prompt, cache None")
    mistake = RECOMPUTES if any(t > 1 or s == 0 for _, t, s in calls[1:]) else \
        CALLED_AFTER_LAST if len(calls) > len(want) else ""
    raise Fail(f"the model was called {len(calls)} times, fed {fed} tokens in all ((B, T, cached) of the first "
               f"calls: {shown}); choosing {steps} tokens for {B} sequences takes {len(want)} calls and "
               f"{should} tokens: the prompt once, then the newest token of each sequence ({want[:3]}...)",
               mistake=mistake)


# ---- classic mistakes, written as a learner would ----------------------------------------------

def looper(cache=True, eos="per sequence", temp="first", extra_call=False):
    """generate with one classic mistake switched on."""
    def generate(model, input_ids, max_new_tokens, eos_token_id=None, pad_token_id=0, do_sample=False,
                 temperature=1.0, top_k=None, top_p=None, generator=None):
        B = input_ids.shape[0]
        out = torch.full((B, max_new_tokens), pad_token_id, dtype=torch.long, device=input_ids.device)
        done = torch.zeros(B, dtype=torch.bool, device=input_ids.device)
        logits, past = model(input_ids)
        for t in range(max_new_tokens):
            if t > 0:
                logits, past = model(out[:, t - 1:t], past) if cache else \
                    model(torch.cat([input_ids, out[:, :t]], dim=1))
            scores = logits[:, -1]
            if do_sample:
                if temp == "first":
                    scores = scores / temperature
                if top_k is not None:
                    scores = scores.masked_fill(scores < scores.topk(min(top_k, scores.shape[-1])).values[:, -1:], INF)
                if top_p is not None:
                    s, order = scores.sort(-1, descending=True)
                    p = s.softmax(-1)
                    scores = scores.masked_fill(torch.zeros_like(order, dtype=torch.bool).scatter(
                        -1, order, p.cumsum(-1) - p >= top_p), INF)
                if temp == "after":
                    scores = scores / temperature
                token = torch.multinomial(scores.softmax(-1), 1, generator=generator).squeeze(1)
            else:
                token = scores.argmax(-1)
            if eos in ("per sequence", "first ends all"):
                token = torch.where(done, pad_token_id, token)
            out[:, t] = token
            if eos_token_id is not None and eos != "ignored":
                done = done | (token == eos_token_id)
                if done.any() if eos == "first ends all" else done.all():
                    break
        if extra_call:
            model(out[:, -1:], past)
        return out
    return generate


# ---- the cases -----------------------------------------------------------------------------------

def case(model, prompt, max_new, label="", **kwargs) -> Case:
    return Case(args=(model, torch.tensor(prompt), max_new), kwargs=kwargs, label=label)


SAMPLED = [
    rows([0, 2], 5, 2, 3, "sampling at temperature 1, EOS = 4, pad = 1", do_sample=True, eos_token_id=4,
         pad_token_id=1),
    rows([1, 4, 2], 6, 1, 4, "greedy, EOS = 3, pad = 0", eos_token_id=3),
    rows([3], 6, 3, 3, "top-k = 3 at temperature 0.7", do_sample=True, top_k=3, temperature=0.7),
    rows([2, 2, 5], 6, 4, 3, "top-p = 0.7 at temperature 2 (it widens the nucleus)", do_sample=True, top_p=0.7,
         temperature=2.0, eos_token_id=0, pad_token_id=5),
    rows([4, 1], 7, 5, 3, "top-k = 4 then top-p = 0.8 at temperature 0.5", do_sample=True, top_k=4, top_p=0.8,
         temperature=0.5, eos_token_id=6, pad_token_id=0),
]

DRILL = Drill(entries=[Entry(
    "generate",
    inputs=inputs,
    examples=[
        case(BigramModel(TABLE), [[0], [3], [2]], 4, "the prompt's example", eos_token_id=2, pad_token_id=0),
        case(BigramModel(TABLE), [[0], [3], [2]], 4, "the prompt's example, no EOS"),
        case(BigramModel(TABLE), [[0], [3], [2]], 7, "every sequence ends before max_new_tokens", eos_token_id=2,
             pad_token_id=0),
        case(TinyDecoder(6, 11), [[1, 2, 3], [0, 0, 5]], 5, "greedy on the tiny decoder"),
        case(TinyDecoder(5, 12), [[4], [2], [0], [1]], 4, "sampling, top-k 2 and top-p 0.9", do_sample=True,
             top_k=2, top_p=0.9, temperature=1.5, eos_token_id=3, generator=torch.Generator().manual_seed(0)),
        case(TinyDecoder(4, 13), [[2, 1]], 1, "one new token"),
    ],
    extreme=[case(TinyDecoder(8, 14), [[1, 2], [3, 4], [5, 6]], 300, "300 new tokens (positions up to 301)")],
    invariants=[Invariant("each token follows the model and the rule", follows_the_model, live=False),
                Invariant("model calls counted", calls_counted),
                Invariant("torch's global random state untouched", global_rng_untouched)],
    sampled=Sampled(cases=SAMPLED, probs=exact),
    mistakes=[
        Mistake(RECOMPUTES, like=looper(cache=False),
                hint="After logits, cache = model(input_ids), each step is model(newest_tokens, cache) with "
                     "newest_tokens of shape (B, 1): the cache already holds the keys and values of the prefix."),
        Mistake(EOS_NOT_PER_SEQUENCE, like=looper(eos="first ends all"),
                hint="Keep done = zeros(B, bool); after each step done |= token == eos_token_id, pad where done, and "
                     "stop only when done.all()."),
        Mistake(EOS_NOT_PER_SEQUENCE, like=looper(eos="ignored")),
        Mistake(EOS_NOT_PER_SEQUENCE, like=looper(eos="no padding")),
        Mistake("temperature applied after filtering: divide the scores by it BEFORE top-k and top-p (it changes "
                "which tokens make up the nucleus)", like=looper(temp="after")),
        Mistake("temperature ignored", like=looper(temp="ignored")),
        Mistake(CALLED_AFTER_LAST, like=looper(extra_call=True)),
        Mistake(GLOBAL_RNG, hint="torch.multinomial(probs, 1, generator=generator): without generator= it draws from "
                                 "torch's global generator, and the same seeded generator no longer repeats the output."),
    ],
    grad=False,
    loops=Loops(small=case(TinyDecoder(6, 15), [[1, 2], [3, 4]], 4),
                large=case(TinyDecoder(6, 15), [[1, 2], [3, 4], [5, 0], [1, 1], [2, 2], [3, 3], [4, 4]], 4),
                over="the batch"),
)])
