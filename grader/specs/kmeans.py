"""kmeans: three entries. The k-means++ seeding is random and judged by the exact distribution of
whole seed sequences (first seed uniform, each next one proportional to D² to the nearest seed
so far) over many draws; Lloyd's iterations from given centroids are deterministic and compared
with the reference, except where the assignment on the way is decided by a margin that float
rounding could flip; the composition `kmeans` is judged on properties only (labels nearest,
centroids the means of their clusters, the randomness from `generator` alone), because two right
seedings may draw differently from the same generator. Particular to it: exact distance ties on
a grid (the smallest index wins), empty clusters, k = n, duplicate points, max_iters cut short,
and the classic mistakes of D instead of D², D² to the last seed, empty clusters that become NaN
or the origin, and centroids recomputed from a stale assignment."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Sampled, Speed

META = dict(title="K-means with k-means++ seeding", zh="K均值聚类(k-means++初始化)", topic="classic ML",
            difficulty="medium", minutes=25, oracle="brute-force enumeration of the seeding distribution; "
            "sklearn KMeans from the same initial centroids")
HINTS = [
    "All distances at once: d2 = ((x[:, None, :] - c[None, :, :]) ** 2).sum(-1) is (n, k); argmin(1) "
    "gives the nearest centroid and breaks ties towards the smallest index.",
    "Seeding: keep d2 (n,) = squared distance to the nearest seed so far. After each new seed s, "
    "d2 = torch.minimum(d2, ((x - x[s]) ** 2).sum(-1)); draw the next with "
    "torch.multinomial(d2, 1, generator=generator). A seed has d2 = 0, so it is never drawn again.",
    "Cluster means without a loop: sums = torch.zeros_like(c).index_add_(0, labels, x); "
    "counts = torch.bincount(labels, minlength=k); an empty cluster (count 0) keeps its old centroid: "
    "torch.where(counts[:, None] > 0, sums / counts.clamp(min=1)[:, None], c).",
    "lloyd: labels = nearest(x, c); then up to max_iters times: c = means(labels); new = nearest(x, c); "
    "stop if torch.equal(new, labels), else labels = new. kmeans is "
    "lloyd(x, x[kmeans_pp_init(x, k, generator)], max_iters).",
]


def gen(seed: int) -> torch.Generator:
    return torch.Generator().manual_seed(seed)


def points(*rows) -> torch.Tensor:
    return torch.tensor(rows, dtype=torch.float32)


def magnitude(*tensors) -> float:
    """The largest |coordinate| (at least 1): absolute tolerances on distances grow with its square."""
    return max([1.0] + [t.abs().max().item() for t in tensors if t.numel()])


# ---- kmeans_pp_init: graded by the exact distribution of whole seed sequences ------------------------

N_DRAWS = 600      # per sampled case: every seeding is a call of the learner's function
BASE = 10           # a seed sequence is counted as the number whose digits are its rows: 23 = rows 2 then 3, 3 =
                    # rows 0 then 3 (the sampled cases have n <= 10 points)


def seedings(init, case: Case, ns):
    """Sampled cases carry N copies of the points along dim 0 (N, n, d): one seeding per copy, all
    from the same generator. Other cases are one call."""
    x = case.args[0]
    if x.dim() == 2:
        return init(*case.args, **case.kwargs)
    return torch.stack([init(copy, *case.args[1:], **case.kwargs) for copy in x])


def sequence(out: torch.Tensor) -> torch.Tensor:
    weights = BASE ** torch.arange(out.shape[-1] - 1, -1, -1, device=out.device)
    return (out.long() * weights).sum(-1, keepdim=True)          # (N, 1)


def sequence_probs(case: Case) -> torch.Tensor:
    """The exact probability of every seed sequence, by enumeration in float64: (1, BASE^k)."""
    x, k = case.args[0][0].double(), case.args[1]
    n = x.shape[0]
    probs = torch.zeros(1, BASE ** k, dtype=torch.float64)
    d2_to = ((x[:, None] - x[None]) ** 2).sum(-1)                 # (n, n)

    def walk(seq, p, d2):
        if len(seq) == k:
            probs[0, sum(i * BASE ** (k - 1 - j) for j, i in enumerate(seq))] += p
            return
        w = torch.full((n,), 1.0 / n, dtype=torch.float64) if not seq else d2 / d2.sum()
        for i in range(n):
            if w[i] > 0:
                walk(seq + [i], p * w[i].item(), d2_to[i] if not seq else torch.minimum(d2, d2_to[i]))
    walk([], 1.0, None)
    return probs


def draws(x, k, label, n=N_DRAWS) -> Case:
    return Case(args=(x.expand(n, *x.shape), k), kwargs={"generator": gen(0)},
                label=f"{n} seedings, each counted as the number its row indices spell (23 = rows 2 then 3): {label}")


LINE = points([0.0], [1.0], [3.0], [12.0])
# D² to the NEAREST seed and to the last one differ: after (0, 0) and (10, 0), the point (9, 0) is
# 1 from a seed but 9 from the first; (0, 0) appears twice, so its twin has D² = 0 once it is a seed.
PLANE = points([0.0, 0.0], [0.0, 0.0], [10.0, 0.0], [9.0, 0.0], [0.0, 4.0], [5.0, 5.0])
TRIANGLE = points([0.0, 0.0], [1.0, 0.0], [0.0, 2.0])


def init_inputs(draw) -> Case:
    n, d = draw(st.integers(1, 12)), draw(st.integers(1, 3))
    scale = draw(st.sampled_from([1.0, 10.0, 1e3]))
    return Case(args=(kit.randn(draw, n, d, scale=scale), draw(st.integers(1, n))),
                kwargs={"generator": kit.generator(draw)}, scale=scale)


def distinct_seeds(call, case):
    x, k = case.args[:2]
    idx = call(case)
    if not isinstance(idx, torch.Tensor) or idx.shape != (k,) or idx.dtype != torch.long:
        raise Fail(f"expected a LongTensor of {k} indices, got "
                   f"{tuple(idx.shape) if isinstance(idx, torch.Tensor) else type(idx).__name__}")
    idx = idx.cpu()
    if ((idx < 0) | (idx >= x.shape[0])).any():
        raise Fail(f"indices {idx.tolist()} are not all rows of x (0..{x.shape[0] - 1})")
    seeds = x[idx].double()
    same = (((seeds[:, None] - seeds[None]) ** 2).sum(-1) == 0) & ~torch.eye(k, dtype=torch.bool)
    if same.any():
        i, j = same.nonzero()[0].tolist()
        raise Fail(f"seeds {i} and {j} (rows {idx[i].item()} and {idx[j].item()}) are the same point: a point "
                   f"that coincides with a seed has D² = 0 and can never be drawn")


def seeding(first="uniform", power=2, to="nearest"):
    """kmeans_pp_init, or one of its classic mistakes, written as a learner would."""
    def kmeans_pp_init(x, k, generator=None):
        n = x.shape[0]
        if first == "uniform":
            seeds = [torch.randint(n, (1,), generator=generator, device=x.device)]
        else:
            seeds = [torch.zeros(1, dtype=torch.long, device=x.device)]
        d2 = ((x - x[seeds[0]]) ** 2).sum(-1)
        for _ in range(k - 1):
            if to == "uniform":
                w = torch.ones(n, device=x.device)
                w[torch.cat(seeds)] = 0
                seeds.append(torch.multinomial(w, 1, generator=generator))
                continue
            if to == "farthest":
                seeds.append(d2.argmax()[None])
            else:
                seeds.append(torch.multinomial(d2 if power == 2 else d2.sqrt(), 1, generator=generator))
            new = ((x - x[seeds[-1]]) ** 2).sum(-1)
            d2 = new if to == "last" else torch.minimum(d2, new)
        return torch.cat(seeds)
    return kmeans_pp_init


D_NOT_D2 = Mistake("seeds drawn with probability proportional to the distance D instead of D²",
                   like=seeding(power=1),
                   hint="k-means++ weighs each point by its SQUARED distance to the nearest seed: "
                        "torch.multinomial(d2, 1, generator=generator), with no sqrt.")

INIT = Entry(
    "kmeans_pp_init",
    inputs=init_inputs,
    examples=[
        Case(args=(points([0.0, 0.0], [1.0, 0.0], [10.0, 0.0], [11.0, 0.0]), 2), kwargs={"generator": gen(0)},
             label="the prompt's example"),
        Case(args=(seeded(1, 7, 3), 3), kwargs={"generator": gen(1)}, label="n=7, d=3, k=3"),
        Case(args=(PLANE, 4), kwargs={"generator": gen(2)}, label="a duplicate point"),
        Case(args=(TRIANGLE, 3), kwargs={"generator": gen(3)}, label="k = n"),
        Case(args=(seeded(4, 1, 2), 1), kwargs={"generator": gen(4)}, label="one point"),
        Case(args=(seeded(5, 6, 2).double(), 2), kwargs={"generator": gen(5)}, label="float64"),
    ],
    run=seedings,
    invariants=[Invariant("seeds are distinct points", distinct_seeds)],
    sampled=Sampled(cases=[     # the first, the cheapest, also serves the generator check (3 more runs)
        draws(seeded(6, 5, 2), 1, "k = 1: one uniform draw", n=300),
        draws(LINE, 2, "1-D points 0, 1, 3, 12; k = 2"),
        draws(PLANE, 3, "D² to the nearest seed, and a duplicate point; k = 3"),
        draws(TRIANGLE, 3, "k = n = 3"),
    ], probs=sequence_probs, outcome=sequence),
    graded=lambda case, expected: torch.zeros(expected.shape, dtype=torch.bool),   # random: frequencies judge it
    mistakes=[
        D_NOT_D2,
        Mistake("D² measured to the most recent seed instead of the nearest seed so far", like=seeding(to="last"),
                hint="Keep the running minimum: d2 = torch.minimum(d2, distance² to the new seed)."),
        Mistake("the next seed is the farthest point (argmax D²): k-means++ DRAWS it with probability ∝ D²",
                like=seeding(to="farthest")),
        Mistake("the first seed is always row 0: draw it uniformly", like=seeding(first="row 0")),
        Mistake("seeds drawn uniformly (random initialisation, not k-means++)", like=seeding(to="uniform")),
    ],
    loops=Loops(small=Case(args=(seeded(7, 16, 2), 3), kwargs={"generator": gen(7)}),
                large=Case(args=(seeded(8, 48, 2), 3), kwargs={"generator": gen(7)}), over="the points"),
    speed=Speed(lambda seed: Case(args=(seeded(seed, 4096, 8), 8), kwargs={"generator": gen(seed)}), limit=30.0),
)


# ---- lloyd: deterministic from the given centroids ---------------------------------------------------

def near_tie(x: torch.Tensor, c: torch.Tensor, max_iters: int) -> bool:
    """Lloyd in float64: True when some assignment on the way is decided by a margin under 1e-4 of
    the squared magnitude of the data without being an exact tie (there float rounding, which
    differs between right ways to compute distances, could decide it)."""
    x, c = x.double(), c.double()
    tiny = 1e-4 * magnitude(x, c) ** 2

    def nearest(c):
        d2 = ((x[:, None] - c[None]) ** 2).sum(-1)
        if d2.shape[1] > 1 and d2.shape[0]:
            two = d2.topk(2, dim=1, largest=False).values
            gap = two[:, 1] - two[:, 0]
            if ((gap > 0) & (gap < tiny)).any():
                raise OverflowError
        return d2.argmin(1)
    try:
        labels = nearest(c)
        for _ in range(max_iters):
            counts = torch.bincount(labels, minlength=c.shape[0]).double()[:, None]
            c = torch.where(counts > 0, torch.zeros_like(c).index_add_(0, labels, x) / counts.clamp(min=1), c)
            new = nearest(c)
            if torch.equal(new, labels):
                break
            labels = new
    except OverflowError:
        return True
    return False


def lloyd_graded(case: Case, expected):
    """Nothing is compared where a near tie decides an assignment (the invariants still judge it)."""
    x, c = case.args[:2]
    if near_tie(x, c, case.kwargs.get("max_iters", 100)):
        return tuple(torch.zeros(t.shape, dtype=torch.bool) for t in expected)
    return None


def lloyd_inputs(draw) -> Case:
    n, d, k = draw(st.integers(1, 24)), draw(st.integers(1, 3)), draw(st.integers(1, 6))
    scale = draw(st.sampled_from([1.0, 10.0]))
    x = kit.randn(draw, n, d, scale=scale)
    if draw(st.booleans()):
        x = x + kit.randn(draw, 1, d, scale=3 * scale)          # data off the origin
    if k <= n and draw(st.booleans()):
        c = x[torch.randperm(n, generator=kit.generator(draw))[:k]].clone()   # the usual start: k data points
    else:
        c = kit.randn(draw, k, d, scale=scale)
    kwargs = {} if draw(st.booleans()) else {"max_iters": draw(st.sampled_from([0, 1, 2, 3, 100]))}
    return Case(args=(x, c), kwargs=kwargs, scale=magnitude(x, c))


def _pair(out, k: int, n: int):
    if not isinstance(out, (tuple, list)) or len(out) != 2:
        raise Fail(f"expected a pair (centroids, labels), got {type(out).__name__}")
    c, labels = (t.detach().cpu() if isinstance(t, torch.Tensor) else t for t in out)
    if not isinstance(c, torch.Tensor) or c.shape[0] != k or not isinstance(labels, torch.Tensor) or \
            labels.shape != (n,):
        raise Fail(f"expected centroids ({k}, d) and labels ({n},)")
    return c.double(), labels.long()


def labels_nearest(call, case):
    """The labels are the nearest-centroid assignment of the returned centroids."""
    x = case.args[0]
    k = case.args[1].shape[0] if isinstance(case.args[1], torch.Tensor) else case.args[1]
    c, labels = _pair(call(case), k, x.shape[0])
    if not x.shape[0]:
        return
    if ((labels < 0) | (labels >= k)).any():
        raise Fail(f"labels {labels.tolist()[:8]} are not all in 0..{k - 1}")
    d2 = ((x.double()[:, None] - c[None]) ** 2).sum(-1)
    mine = d2.gather(1, labels[:, None])[:, 0]
    worse = mine > d2.min(1).values + 1e-5 * magnitude(x, c) ** 2
    if worse.any():
        i = worse.nonzero()[0].item()
        raise Fail(f"point {i} has label {labels[i].item()}, but centroid {d2[i].argmin().item()} of the returned "
                   f"centroids is nearer: the labels returned must be the assignment of the centroids returned")


def objective_not_increased(call, case):
    """Lloyd never increases the sum of squared distances to the assigned centroids."""
    x, c0 = case.args[:2]
    c, labels = _pair(call(case), c0.shape[0], x.shape[0])
    if not x.shape[0] or ((labels < 0) | (labels >= c0.shape[0])).any():
        return
    xd = x.double()
    before = ((xd[:, None] - c0.double()[None]) ** 2).sum(-1).min(1).values.sum().item()
    after = ((xd - c[labels]) ** 2).sum().item()
    if not after <= before + 1e-5 * magnitude(x, c0) ** 2 * x.shape[0]:
        raise Fail(f"the sum of squared distances to the assigned centroids went from {before:.6g} (the given "
                   f"centroids) to {after:.6g}: Lloyd's steps never increase it")


def nearest(x, c):
    return ((x[:, None] - c[None]) ** 2).sum(-1).argmin(1)


def means(x, labels, c, empty="keep"):
    k = c.shape[0]
    sums = torch.zeros_like(c).index_add_(0, labels, x)
    counts = torch.bincount(labels, minlength=k).to(x.dtype)[:, None]
    if empty == "nan":
        return sums / counts
    if empty == "zero":
        return sums / counts.clamp(min=1)
    return torch.where(counts > 0, sums / counts.clamp(min=1), c)


def lloyd_like(empty="keep", stale=None):
    """lloyd, or one of its classic mistakes, written as a learner would."""
    def lloyd(x, centroids, max_iters=100):
        c = centroids
        labels = nearest(x, c)
        if stale == "never updated":                  # labels = new forgotten: every update uses the first one
            for _ in range(max_iters):
                c = means(x, labels, c, empty)
                new = nearest(x, c)
                if torch.equal(new, labels):
                    break
            return c, labels
        if stale == "one behind":                     # the update uses the labels from before reassigning
            prev = labels
            for _ in range(max_iters):
                c = means(x, prev, c, empty)
                prev, labels = labels, nearest(x, c)
                if torch.equal(labels, prev):
                    break
            return c, labels
        if stale == "labels before update":           # the common loop: assign, update, stop when c is unchanged
            for _ in range(max_iters):
                labels = nearest(x, c)
                new_c = means(x, labels, c, empty)
                if torch.equal(new_c, c):
                    break
                c = new_c
            return c, labels
        for _ in range(max_iters):
            c = means(x, labels, c, empty)
            new = nearest(x, c)
            if torch.equal(new, labels):
                break
            labels = new
        return c, labels
    return lloyd


STALE = "centroids recomputed from a stale (old) assignment: update from the labels just computed"
# 1-D points that take several iterations to settle from centroids 0 and 1
SLOW = points([0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [20.0], [21.0])

LLOYD = Entry(
    "lloyd",
    inputs=lloyd_inputs,
    examples=[
        Case(args=(points([0.0], [1.0], [10.0], [11.0]), points([0.0], [1.0])), label="the prompt's example",
             scale=11.0),
        Case(args=(SLOW, points([0.0], [1.0])), label="several iterations", scale=21.0),
        Case(args=(SLOW, points([0.0], [1.0])), kwargs={"max_iters": 1}, label="max_iters=1: cut short",
             scale=21.0),
        Case(args=(SLOW, points([0.0], [1.0])), kwargs={"max_iters": 2}, label="max_iters=2: cut short",
             scale=21.0),
        Case(args=(points([0.0], [2.0], [4.0]), points([1.0], [3.0])),
             label="point 2 is as near to centroid 0 as to centroid 1: the smallest index wins", scale=4.0),
        Case(args=(points([0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]),
                   points([0.0, 0.0], [1.0, 1.0], [100.0, 100.0])),
             label="centroid 2 gets no point: it keeps its place", scale=100.0),
        Case(args=(points([0.0, 0.0], [4.0, 0.0], [0.0, 4.0]), points([4.0, 0.0], [0.0, 0.0], [0.0, 4.0])),
             label="k = n", scale=4.0),
        Case(args=(points([1.0, 1.0], [1.0, 1.0], [3.0, 1.0], [3.0, 1.0], [8.0, 2.0]), points([1.0, 1.0], [3.0, 1.0])),
             label="duplicate points", scale=8.0),
        Case(args=(points([2.0, -1.0]), points([0.0, 0.0], [5.0, 5.0])), label="one point", scale=5.0),
        Case(args=(seeded(9, 20, 3) * 5.0, seeded(10, 4, 3) * 5.0), kwargs={"max_iters": 0},
             label="max_iters=0: the given centroids and their labels", scale=20.0),
        Case(args=(seeded(11, 30, 2).double() * 3.0, seeded(12, 3, 2).double()), label="float64", scale=10.0),
    ],
    invariants=[Invariant("labels are the nearest returned centroids", labels_nearest),
                Invariant("objective never increases", objective_not_increased)],
    mistakes=[
        Mistake("an empty cluster's centroid became NaN (0 / 0): a cluster with no point keeps its centroid",
                like=lloyd_like(empty="nan"),
                hint="counts can be 0: torch.where(counts[:, None] > 0, sums / counts.clamp(min=1)[:, None], c)."),
        Mistake("an empty cluster's centroid moved to the origin: a cluster with no point keeps its centroid",
                like=lloyd_like(empty="zero")),
        Mistake(STALE, like=lloyd_like(stale="never updated"),
                hint="After reassigning, the next update must use the NEW labels: labels = new before the next "
                     "mean."),
        Mistake(STALE, like=lloyd_like(stale="one behind")),
        Mistake("labels returned from before the last update (when max_iters cuts the loop short, return the "
                "assignment of the centroids you return)", like=lloyd_like(stale="labels before update")),
    ],
    grad=False,
    graded=lloyd_graded,
    loops=Loops(small=Case(args=(SLOW, points([0.0], [1.0]))),
                large=Case(args=(SLOW.repeat(3, 1), points([0.0], [1.0]))), over="the points"),
    speed=Speed(lambda seed: Case(args=(seeded(seed, 4096, 8), seeded(seed + 1, 16, 8)), kwargs={"max_iters": 10}),
                limit=30.0),
)


# ---- kmeans: the composition, judged on properties -----------------------------------------------------

def not_compared(case, expected):
    """Two right seedings may draw differently from one generator: no value is compared."""
    return tuple(torch.zeros(t.shape, dtype=torch.bool) for t in expected)


def kmeans_inputs(draw) -> Case:
    n, d = draw(st.integers(1, 24)), draw(st.integers(1, 3))
    scale = draw(st.sampled_from([1.0, 10.0]))
    centres = kit.randn(draw, 4, d, scale=5 * scale)
    x = centres[torch.randint(0, 4, (n,), generator=kit.generator(draw))] + kit.randn(draw, n, d, scale=scale)
    return Case(args=(x, draw(st.integers(1, min(n, 5)))), kwargs={"generator": kit.generator(draw)},
                scale=magnitude(x))


def centroids_are_means(call, case):
    """At convergence every non-empty cluster's centroid is the mean of its points."""
    x, k = case.args[:2]
    c, labels = _pair(call(case), k, x.shape[0])
    for j in labels.unique().tolist():
        if not 0 <= j < k:
            return
        mean = x.double()[labels == j].mean(0)
        if not torch.allclose(c[j], mean, rtol=1e-4, atol=1e-5 * magnitude(x)):
            raise Fail(f"centroid {j} is {c[j].tolist()} but the mean of its points is {mean.tolist()}: Lloyd stops "
                       f"only when no label changes, and then each centroid is its cluster's mean")


GLOBAL_RNG = Mistake("drew from torch's global random generator: pass `generator` to every random call")


def global_rng_untouched(call, case):
    saved = torch.get_rng_state()
    try:
        call(case)
        if not torch.equal(saved, torch.get_rng_state()):
            raise Fail("torch's global random state changed: draw every random number from `generator` "
                       "(torch.randint(..., generator=generator), torch.multinomial(..., generator=generator))",
                       mistake=GLOBAL_RNG.name)
    finally:
        torch.set_rng_state(saved)


TWO_SPOTS = points([0.0, 0.0], [6.0, 8.0])

KMEANS = Entry(
    "kmeans",
    inputs=kmeans_inputs,
    examples=[   # the first gives one answer whatever the seeds: the engine calls it twice to check determinism
        Case(args=(seeded(15, 7, 2), 1), kwargs={"generator": gen(6)}, label="k = 1: one cluster, its mean"),
        Case(args=(points([0.0, 0.0], [1.0, 0.0], [10.0, 0.0], [11.0, 0.0]), 2), kwargs={"generator": gen(0)},
             label="the prompt's example", scale=11.0),
        Case(args=(seeded(13, 30, 2) * 4.0, 3), kwargs={"generator": gen(1)}, label="n=30, k=3", scale=12.0),
        Case(args=(TRIANGLE, 3), kwargs={"generator": gen(2)}, label="k = n", scale=2.0),
        Case(args=(PLANE, 4), kwargs={"max_iters": 50, "generator": gen(3)}, label="a duplicate point", scale=10.0),
        Case(args=(seeded(14, 12, 3).double(), 2), kwargs={"generator": gen(4)}, label="float64", scale=3.0),
    ],
    invariants=[Invariant("labels are the nearest returned centroids", labels_nearest),
                Invariant("centroids are the means of their clusters", centroids_are_means),
                Invariant("randomness from `generator` only", global_rng_untouched)],
    mistakes=[GLOBAL_RNG],
    grad=False,
    graded=not_compared,
    loops=Loops(small=Case(args=(TWO_SPOTS.repeat(3, 1), 2), kwargs={"generator": gen(5)}),
                large=Case(args=(TWO_SPOTS.repeat(9, 1), 2), kwargs={"generator": gen(5)}), over="the points"),
    speed=Speed(lambda seed: Case(args=(seeded(seed, 4096, 8), 8), kwargs={"max_iters": 10, "generator": gen(seed)}),
                limit=30.0),
)

DRILL = Drill(entries=[INIT, LLOYD, KMEANS], banned=["import sklearn"])
