"""speculative_decoding: one draft/verify step of speculative sampling, judged by what it emits.
The output is random, so it is graded by frequencies against exact probabilities: with the drafts
drawn from q (the grader draws them, row by row), the token emitted at position j is distributed as
P(n_accepted >= j) * p_j, "not emitted" otherwise, and n_accepted has a closed form in the
acceptance rates sum(min(p_i, q_i)). Reference-free invariants see single calls: the accepted
drafts are a prefix of the drafts, a draft with p >= q is always accepted, a resampled token lies
where p > q. Particular to it: positions where p = q (a residual of zeros, never drawn from),
targets with zeros where the draft has mass, K = 1, and the classic mistakes of resampling from p,
no bonus token, accepting by argmax or by the threshold p >= q, the ratio inverted, the residual
reversed, drafts counted past the first rejection and the bonus drawn from the wrong position."""
from hypothesis import strategies as st

import torch
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Sampled, Speed

META = dict(title="Speculative decoding", zh="投机解码", topic="decoding", difficulty="hard", minutes=30,
            oracle="the target model's own sequence distribution: decoding end to end with bigram draft and "
                   "target models, judged by exact tests; the paper's expected tokens per step")
HINTS = [
    "Gather each draft's probabilities: p = target_probs[:, :K].gather(-1, draft_tokens[..., None]).squeeze(-1), "
    "q likewise from draft_probs. Accept where u * q < p with u = torch.rand(B, K, generator=generator).",
    "The number accepted is the run of acceptances before the first rejection: "
    "n = accepted.long().cumprod(-1).sum(-1).",
    "Each row draws exactly one more token: from (p_n - q_n).clamp(min=0) if n < K, else from p_K. Stack the "
    "residuals and p_K into (B, K + 1, V), pick row n of each, one torch.multinomial(..., generator=generator).",
    "tokens = where(arange(K + 1) < n[:, None], drafts padded to K + 1, -1), then tokens.scatter(1, n[:, None], "
    "drawn[:, None]); return tokens, n.",
]

DRAWS = 2000


# ---- inputs ------------------------------------------------------------------------------------

def distribution(gen, *shape, scale=1.0, zeros=0.0):
    """Random probability rows (..., V); a fraction `zeros` of entries set to 0 (never a whole row)."""
    logits = torch.randn(shape, generator=gen) * scale
    if zeros:
        drop = torch.rand(shape, generator=gen) < zeros
        drop[..., 0] &= ~drop[..., 1:].all(-1)         # keep at least one entry of every row
        logits = logits.masked_fill(drop, float("-inf"))
    return logits.softmax(-1)


def drafts_from(draft_probs, gen):
    B, K, V = draft_probs.shape
    return torch.multinomial(draft_probs.reshape(B * K, V), 1, generator=gen).reshape(B, K)


def step_case(draft_probs, target_probs, seed, label="", draft_seed=None):
    """A call on these probabilities, its drafts drawn from them (each row its own)."""
    drafts = drafts_from(draft_probs, torch.Generator().manual_seed(seed if draft_seed is None else draft_seed))
    return Case(args=(drafts, draft_probs, target_probs), kwargs={"generator": torch.Generator().manual_seed(seed)},
                label=label)


def random_case(seed, B, K, V, scale=1.0, zeros=0.0, same=(), label=""):
    """Random p and q; at the positions in `same`, q_i = p_i."""
    gen = torch.Generator().manual_seed(seed)
    q, p = distribution(gen, B, K, V, scale=scale, zeros=zeros), distribution(gen, B, K + 1, V, scale=scale,
                                                                                  zeros=zeros)
    for i in same:
        q[:, i] = p[:, i]
    return step_case(q, p, seed, label)


def inputs(draw) -> Case:
    K, V = draw(st.integers(1, 4)), draw(st.integers(2, 8))
    same = draw(st.sampled_from([(), (), (0,)]))
    return random_case(draw(st.integers(0, 2**20)), B=draw(st.integers(1, 6)), K=K, V=V,
                       scale=draw(st.sampled_from([0.5, 1.0, 3.0])), zeros=draw(st.sampled_from([0.0, 0.0, 0.3])),
                       same=same)


def rows(q, p, label, seed):
    """DRAWS rows of the same distributions q (K, V) and p (K + 1, V): each row one draw of the step."""
    K, V = q.shape
    return step_case(q.expand(DRAWS, K, V).clone(), p.expand(DRAWS, K + 1, V).clone(), seed,
                     label=f"{DRAWS} rows of {label}")


def probs_of(*rows_):
    t = torch.tensor(rows_, dtype=torch.float32)
    return t / t.sum(-1, keepdim=True)


EXAMPLE_Q = torch.tensor([[[0.5, 0.3, 0.2], [0.2, 0.2, 0.6]]])
EXAMPLE_P = torch.tensor([[[0.6, 0.2, 0.2], [0.1, 0.3, 0.6], [0.3, 0.3, 0.4]]])


def example(drafts, label):
    return Case(args=(torch.tensor([drafts]), EXAMPLE_Q, EXAMPLE_P), kwargs={"generator": torch.Generator().manual_seed(0)},
                label=label)


def speed_case(seed, B=512, K=4, V=2000):
    """Timed calls are compared with the reference, so their output is certain: the draft is the target
    (every draft accepted) and p_K is one-hot (the bonus token is fixed); the work is the same."""
    gen = torch.Generator().manual_seed(seed)
    p = distribution(gen, B, K + 1, V)
    p[:, K] = torch.nn.functional.one_hot(torch.randint(V, (B,), generator=gen), V).float()
    return step_case(p[:, :K].clone(), p, seed)


# ---- the exact distribution of what is emitted -------------------------------------------------

def emitted(out):
    """(tokens, n_accepted) -> (rows, K + 2) categories: token x at each position as x + 1 (0: not
    emitted), then n_accepted."""
    tokens, n = out
    return torch.cat([tokens.long().clamp(min=-1) + 1, n.long()[:, None]], dim=1)


def exact(case):
    """(K + 2, V + 1): position j emits x with P(n >= j) p_j(x), nothing with 1 - P(n >= j); and
    n = m with P(n >= m)(1 - a_m), a_i = sum(min(p_i, q_i)) the acceptance rate of position i."""
    q, p = case.args[1][0].double(), case.args[2][0].double()
    K, V = q.shape
    a = torch.minimum(p[:K], q).sum(-1)
    reach = torch.cat([torch.ones(1, dtype=a.dtype), a.cumprod(0)])     # P(n >= j), j = 0..K
    out = torch.zeros(K + 2, V + 1, dtype=torch.float64)
    out[:K + 1, 0] = 1 - reach
    out[:K + 1, 1:] = reach[:, None] * p
    out[K + 1, :K + 1] = reach - torch.cat([reach[1:], torch.zeros(1, dtype=a.dtype)])
    return out.clamp(min=0)


# ---- invariants (no reference needed) ----------------------------------------------------------

def parts(call, case):
    drafts, q, p = case.args
    out = call(case)
    if not (isinstance(out, (tuple, list)) and len(out) == 2):
        raise Fail("speculative_step should return (tokens, n_accepted)")
    tokens, n = out
    B, K = drafts.shape
    if tuple(tokens.shape) != (B, K + 1) or tuple(n.shape) != (B,):
        raise Fail(f"expected tokens of shape {(B, K + 1)} and n_accepted of shape {(B,)}, got "
                   f"{tuple(tokens.shape)} and {tuple(n.shape)}")
    return drafts, q, p, tokens.long(), n.long()


def well_formed(call, case):
    """n in 0..K; tokens[:n] are the drafts, tokens[n] a token of the vocabulary, -1 after it."""
    drafts, q, p, tokens, n = parts(call, case)
    B, K = drafts.shape
    V = q.shape[-1]
    for b in range(B):
        m = int(n[b])
        if not 0 <= m <= K:
            raise Fail(f"row {b}: n_accepted is {m}, outside 0..{K}")
        row = tokens[b].tolist()
        if row[:m] != drafts[b, :m].tolist():
            raise Fail(f"row {b}: n_accepted is {m} but tokens {row} do not start with the drafts "
                       f"{drafts[b].tolist()[:m]}")
        if not 0 <= row[m] < V:
            raise Fail(f"row {b}: tokens {row} with n_accepted {m}: index {m} should hold the token drawn (0..{V - 1})")
        if any(t != -1 for t in row[m + 1:]):
            raise Fail(f"row {b}: tokens {row} with n_accepted {m}: every index after {m} should be -1")


def likely_drafts_accepted(call, case):
    """A draft the target finds at least as likely as the draft did (p >= q) is always accepted."""
    drafts, q, p, tokens, n = parts(call, case)
    B, K = drafts.shape
    pd = p[:, :K].gather(-1, drafts[..., None]).squeeze(-1)
    qd = q.gather(-1, drafts[..., None]).squeeze(-1)
    sure = (pd >= qd).long().cumprod(-1).sum(-1)          # drafts accepted with probability 1
    short = (n < sure).nonzero()
    if len(short):
        b = int(short[0])
        i = int(n[b])
        raise Fail(f"row {b}: draft {int(drafts[b, i])} at position {i} has p = {pd[b, i]:.3f} >= q = {qd[b, i]:.3f}, "
                   f"so it is accepted with probability min(1, p / q) = 1, but n_accepted is {i}")


def resampled_from_residual(call, case):
    """The token drawn at a rejection has p > q there: the residual max(0, p - q) is 0 elsewhere."""
    drafts, q, p, tokens, n = parts(call, case)
    B, K = drafts.shape
    V = q.shape[-1]
    for b in range(B):
        m = int(n[b])
        if m >= K or not 0 <= m or not 0 <= int(tokens[b, m]) < V:
            continue
        y = int(tokens[b, m])
        if not p[b, m, y] > q[b, m, y]:
            raise Fail(f"row {b}: rejected at position {m}, then drew token {y}, where p = {p[b, m, y]:.3f} and "
                       f"q = {q[b, m, y]:.3f}: the residual max(0, p - q) gives it probability 0")


# ---- classic mistakes, written as a learner would ----------------------------------------------

def stepper(accept="ratio", resample="residual", bonus="last", count="prefix"):
    """speculative_step, or one of its classic mistakes."""
    def speculative_step(draft_tokens, draft_probs, target_probs, generator=None):
        B, K = draft_tokens.shape
        dev = draft_probs.device
        p = target_probs[:, :K].gather(-1, draft_tokens[..., None]).squeeze(-1)
        q = draft_probs.gather(-1, draft_tokens[..., None]).squeeze(-1)
        u = torch.rand(B, K, generator=generator, device=dev)
        accepted = {"ratio": u * q < p, "inverted": u * p < q, "threshold": p >= q,
                    "argmax": draft_tokens == target_probs[:, :K].argmax(-1)}[accept]
        n = accepted.long().cumprod(-1).sum(-1) if count == "prefix" else accepted.long().sum(-1)
        residual = {"residual": (target_probs[:, :K] - draft_probs).clamp(min=0), "target": target_probs[:, :K],
                    "reversed": (draft_probs - target_probs[:, :K]).clamp(min=0)}[resample]
        last = {"last": target_probs[:, K:], "one before": target_probs[:, K - 1:K],
                "none": torch.ones_like(target_probs[:, K:])}[bonus]
        dist = torch.cat([residual, last], dim=1)[torch.arange(B, device=dev), n]
        dist = torch.where(dist.sum(-1, keepdim=True) > 0, dist, torch.ones_like(dist))   # never an all-zero row
        y = torch.multinomial(dist, 1, generator=generator)
        if bonus == "none":
            y = torch.where(n[:, None] == K, -1, y)
        pos = torch.arange(K + 1, device=dev)
        tokens = torch.where(pos < n[:, None], torch.cat([draft_tokens, draft_tokens[:, :1]], 1), -1)
        return tokens.scatter(1, n[:, None], y), n
    return speculative_step


RESAMPLE_P = "on rejection, resampled from the target p instead of the residual norm(max(0, p - q))"
NO_BONUS = "no bonus token: when all K drafts are accepted, one more token is drawn from target_probs[:, K]"
ARGMAX = ("drafts accepted when they are the target's most likely token (argmax) instead of with probability "
          "min(1, p / q)")

SAMPLED = [
    rows(probs_of([4, 3, 1, 1, 1, 0], [1, 1, 1, 2, 4, 1], [2, 2, 2, 2, 1, 1]),
         probs_of([1, 4, 2, 1, 1, 1], [2, 1, 3, 1, 1, 2], [1, 3, 1, 3, 1, 1], [3, 1, 1, 1, 2, 2]),
         "draft and target apart (K = 3, V = 6)", 101),
    rows(probs_of([1, 1, 1, 1]), probs_of([6, 1, 2, 1], [1, 2, 3, 4]), "a uniform draft (K = 1, V = 4)", 102),
    rows(probs_of([2, 1, 1, 1], [1, 3, 1, 1]), probs_of([2, 1, 1, 1], [1, 3, 1, 1], [1, 1, 1, 5]),
         "draft = target (every draft accepted, a bonus every time)", 103),
    rows(probs_of([3, 1, 0, 0, 0], [0, 0, 1, 1, 1]), probs_of([1, 5, 1, 1, 2], [1, 0, 0, 0, 1], [1, 1, 3, 1, 1]),
         "a target with zeros where the draft has mass (K = 2, V = 5)", 104),
]

DRILL = Drill(entries=[Entry(
    "speculative_step",
    inputs=inputs,
    examples=[
        example([1, 0], "the prompt's example: each outcome with probability 1/3"),
        example([0, 2], "the prompt's example: p >= q for both drafts"),
        random_case(1, B=6, K=3, V=5, label="6 rows, K = 3"),
        random_case(2, B=4, K=2, V=4, same=(0, 1), label="p = q everywhere: all accepted"),
        random_case(3, B=5, K=1, V=2, label="K = 1, V = 2"),
        random_case(4, B=8, K=4, V=6, zeros=0.4, label="zeros in p and q"),
        random_case(5, B=1, K=2, V=7, scale=4.0, label="one row, peaked distributions"),
    ],
    invariants=[
        Invariant("drafts kept, then one token, then -1", well_formed),
        Invariant("a draft with p >= q is accepted", likely_drafts_accepted),
        Invariant("a resampled token has p > q", resampled_from_residual),
    ],
    sampled=Sampled(cases=SAMPLED, probs=exact, outcome=emitted),
    mistakes=[
        Mistake(RESAMPLE_P, like=stepper(resample="target"),
                hint="At a rejection the draft already covered min(p, q): draw from the part of p it did not "
                     "cover, (p_i - q_i).clamp(min=0), normalised."),
        Mistake(NO_BONUS, like=stepper(bonus="none"),
                hint="A row whose K drafts all pass still draws one more token, from target_probs[:, K]: it "
                     "comes free with the target's forward pass."),
        Mistake(ARGMAX, like=stepper(accept="argmax"),
                hint="Accept draft x_i with probability min(1, p_i(x_i) / q_i(x_i)): u * q < p with u uniform."),
        Mistake("drafts accepted iff p >= q, without a random draw: accept with probability min(1, p / q)",
                like=stepper(accept="threshold")),
        Mistake("acceptance ratio inverted: accept with probability min(1, p / q), p the target's probability, "
                "q the draft's", like=stepper(accept="inverted")),
        Mistake("residual reversed: resample from norm(max(0, p - q)), not max(0, q - p)",
                like=stepper(resample="reversed")),
        Mistake("drafts after the first rejection still counted: n_accepted counts the accepted drafts BEFORE "
                "the first rejection (cumprod, not sum)", like=stepper(count="all")),
        Mistake("bonus token drawn from target_probs[:, K - 1]: it comes from the target's distribution after "
                "the last draft, target_probs[:, K]", like=stepper(bonus="one before")),
        Mistake("an input changed in place (sub_, clamp_, or an assignment into target_probs): compute the "
                "residual into a new tensor", check="inputs unchanged",
                hint="(target_probs[:, i] - draft_probs[:, i]).clamp(min=0) makes a new tensor; .sub_() and "
                     ".clamp_() write into the caller's probabilities."),
    ],
    loops=Loops(small=random_case(6, B=3, K=3, V=8), large=random_case(6, B=11, K=3, V=8), over="the rows"),
    speed=Speed(speed_case, limit=30.0),
)])
