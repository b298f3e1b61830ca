"""Random outputs, judged statistically: the frequencies of many draws against the exact
distribution (or the reference's draws), the generator honoured, torch's global RNG untouched.

Every draw comes from a generator with a fixed seed, so one implementation always gets the same
verdict; each test fails a correct sampler with probability at most stats.ALPHA."""
from __future__ import annotations

import torch

from grader import words
from grader.engine import stats
from grader.engine.compare import plain
from grader.engine.result import FAIL, PASS, SKIPPED
from grader.engine.runner import LearnerRaised
from grader.engine.spec import Case

SEEDS = (11, 12)   # the learner's draws, the reference's draws


def seeded(case: Case, key: str, seed: int) -> Case:
    return Case(args=case.args, kwargs=case.kwargs | {key: torch.Generator().manual_seed(seed)},
                init=case.init, label=case.label, scale=case.scale, seed=case.seed)


def outcome(spec, out) -> torch.Tensor:
    out = plain(out)
    if spec.outcome is not None:
        out = spec.outcome(out)
    if not isinstance(out, torch.Tensor):
        raise TypeError(words.say("kit.sampling.not_draws", got=type(out).__name__))
    out = out.detach()
    return out.reshape(out.shape[0], -1) if out.dim() else out.reshape(1, 1)


def judge(spec, case: Case, learner: torch.Tensor, reference) -> str:
    """What is off in the learner's draws (N, slots), or ''. reference() gives the reference's."""
    if learner.is_floating_point():
        return continuous(spec, case, learner, reference)
    if spec.probs is not None:
        expected = spec.probs(case)
        width = expected.shape[-1]
        if (learner < 0).any() or (learner >= width).any():
            bad = learner[(learner < 0) | (learner >= width)][0].item()
            return words.say("kit.sampling.outside", drew=bad, width=width)
        return stats.disagreement(stats.counts_of(learner.long(), width), expected)
    ref = reference()
    width = int(max(learner.max().item(), ref.max().item())) + 1
    if (learner < 0).any():
        return words.say("kit.sampling.negative", drew=learner[learner < 0][0].item())
    return stats.two_sample(stats.counts_of(learner.long(), width), stats.counts_of(ref.long(), width))


def continuous(spec, case, learner, reference) -> str:
    slots = learner.shape[1]
    alpha = stats.ALPHA / slots
    for s in range(slots):
        x = learner[:, s]
        if spec.probs is not None:        # for continuous draws, probs(case) gives the CDF of each slot
            d, bound = stats.ks_distance(x, spec.probs(case)[s]), stats.dkw_bound(x.numel(), alpha)
        else:
            y = reference()[:, s]
            d = stats.ks_two(x, y)
            bound = stats.dkw_bound(x.numel(), alpha / 2) + stats.dkw_bound(y.numel(), alpha / 2)
        if d > bound:
            return words.say("kit.sampling.ks_far", slot=s, distance=f"{d:.3f}", bound=f"{bound:.3f}")
    return ""


def learner_draws(eg, case: Case):
    """The learner's draws on a sampled case (cached): a tensor, or the LearnerRaised."""
    key = id(case)
    if key not in eg.draws:
        try:
            eg.draws[key] = outcome(eg.entry.sampled, eg.learner(seeded(case, eg.entry.sampled.generator, SEEDS[0])))
        except LearnerRaised as e:
            eg.draws[key] = e
        except (TypeError, ValueError, RuntimeError) as e:
            eg.draws[key] = ValueError(words.say("kit.sampling.unreadable", error=e))
    return eg.draws[key]


def frequencies(eg):
    spec = eg.entry.sampled
    for case in spec.cases:
        got = learner_draws(eg, case)
        if isinstance(got, Exception):
            yield eg.check("frequencies", FAIL, str(got), call=eg.runner.describe(case))
            eg.sampled_ok = False
            return
        problem = judge(spec, case, got, reference_draws(eg, case))
        if problem:
            yield eg.check("frequencies", FAIL, words.say("kit.sampling.over_draws", n=got.shape[0], problem=problem),
                           call=eg.runner.describe(case), mistake=name_mistake(eg, spec, case, got))
            eg.sampled_ok = False
            return
    draws = sum(learner_draws(eg, c).shape[0] for c in spec.cases)      # each passed above: a tensor of draws
    yield eg.check("frequencies", PASS, words.say("kit.sampling.passed", distributions=len(spec.cases), draws=draws))


def reference_draws(eg, case: Case):
    cache = {}

    def draws():
        if "ref" not in cache:
            cache["ref"] = outcome(eg.entry.sampled, eg.runner.reference(seeded(case, eg.entry.sampled.generator,
                                                                                SEEDS[1])))
        return cache["ref"]
    return draws


def mistake_draws(eg, k, case: Case):
    out = eg.runner.mistake(k.like, seeded(case, eg.entry.sampled.generator, SEEDS[0]))
    if out is None:
        return None
    try:
        return outcome(eg.entry.sampled, out)
    except Exception:
        return None


def fits(a: torch.Tensor, b: torch.Tensor) -> bool:
    """Two sets of draws fit one distribution."""
    if a.shape != b.shape:
        return False
    return not (continuous_two(a, b) if a.is_floating_point() else stats.two_sample(*counts_pair(a, b)))


def name_mistake(eg, spec, case, got) -> str:
    """The one mistake whose draws fit the learner's where it failed, do not fit the expected
    distribution there, and fit the learner's draws on every other sampled case."""
    names = set()
    for k in eg.mistakes:
        if k.like is None:
            continue
        theirs = mistake_draws(eg, k, case)
        if theirs is None or not fits(theirs, got) or not judge(spec, case, theirs, reference_draws(eg, case)):
            continue
        others = [(learner_draws(eg, c), mistake_draws(eg, k, c)) for c in spec.cases if c is not case]
        if all(isinstance(mine, Exception) or (t is not None and fits(t, mine)) for mine, t in others):
            names.add(k.name)
    return names.pop() if len(names) == 1 else ""


def counts_pair(a: torch.Tensor, b: torch.Tensor):
    width = int(max(a.max().item(), b.max().item())) + 1
    return stats.counts_of(a.long().clamp(min=0), width), stats.counts_of(b.long().clamp(min=0), width)


def continuous_two(a: torch.Tensor, b: torch.Tensor) -> str:
    for s in range(a.shape[1]):
        bound = 2 * stats.dkw_bound(a.shape[0], stats.ALPHA / (2 * a.shape[1]))
        if stats.ks_two(a[:, s], b[:, s]) > bound:
            return "differ"
    return ""


def global_draws(eg, case: Case, key: str) -> list:
    """In the learner's process: [(the output, what it raised, whether it drew from torch's global
    generator)] of calls with generators seeded 7, 7 and 8 under global seeds 1, 2 and 3."""
    runs = []
    saved = torch.get_rng_state()
    try:
        for global_seed, seed in ((1, 7), (2, 7), (3, 8)):
            torch.manual_seed(global_seed)
            before = torch.get_rng_state()
            try:
                out = eg.learner(seeded(case, key, seed))
            except LearnerRaised as e:
                return runs + [(None, str(e), False)]
            runs.append((out, "", not torch.equal(before, torch.get_rng_state())))
            if runs[-1][2]:
                break
    finally:
        torch.set_rng_state(saved)
    return runs


def generator(eg):
    """The same seeded generator gives the same draws whatever torch's global seed; another seed
    gives other draws; torch's global random state is left alone."""
    spec = eg.entry.sampled
    case, key = spec.cases[0], spec.generator
    outs = []
    for out, raised, drew_global in eg.ask("here_generator", case, key):
        if raised:
            yield eg.check("generator", FAIL, raised, call=eg.runner.describe(case))
            return
        if drew_global:
            yield eg.check("generator", FAIL, words.say("kit.sampling.global_generator"), call=eg.runner.describe(case))
            return
        outs.append(outcome(spec, out))
    if not torch.equal(outs[0], outs[1]):
        yield eg.check("generator", FAIL, words.say("kit.sampling.not_reproducible"), call=eg.runner.describe(case))
    elif torch.equal(outs[0], outs[2]) and not eg.sampled_ok:
        yield eg.check("generator", SKIPPED, words.say("kit.sampling.seed_ignored_first"))
    elif torch.equal(outs[0], outs[2]):
        yield eg.check("generator", FAIL, words.say("kit.sampling.seed_ignored"), call=eg.runner.describe(case))
    else:
        yield eg.check("generator", PASS)
