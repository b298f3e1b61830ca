"""knn: one function, batched over the test points. Particular to it: points on a grid of small
dyadic numbers, where every right way to compute a distance is exact, so distance ties and vote
ties are frequent and their rules are graded exactly; an invariant that moves every point 16384
away from the origin (still exact in float32 when computed from differences) and expects the same
predictions, which is how the cancellation of |a|² + |b|² - 2a·b is named; labels with gaps; k = n;
duplicate training points with different labels; and the classic mistakes of the two tie rules."""
from hypothesis import strategies as st

import torch
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="k-NN classification", zh="K近邻分类", topic="classic ML", difficulty="easy",
            minutes=12, oracle="brute force over Python lists; sklearn KNeighborsClassifier (brute) where no tie")
HINTS = [
    "All distances at once: d2 = ((x_test[:, None, :] - x_train[None, :, :]) ** 2).sum(-1) is (m, n). Ranking by "
    "d2 is ranking by distance: no sqrt needed.",
    "The k nearest with ties to the smaller index: d2.argsort(dim=1, stable=True)[:, :k] (topk does not promise "
    "any order among equal values).",
    "Votes without a loop: counts = zeros(m, C).scatter_add_(1, y_train[idx], ones); counts.argmax(1) returns the "
    "first maximum, i.e. the smallest label among the tied ones.",
    "Far from the origin |a|² + |b|² - 2 a·b subtracts numbers near 1e8 to get numbers near 1: the difference "
    "form (a - b)² is exact there.",
]


def grid(seed, *shape, step=1.0, radius=4) -> torch.Tensor:
    """Points on a grid of spacing `step` (a power of 2): every distance is exact in float32."""
    g = torch.Generator().manual_seed(seed)
    return torch.randint(-radius, radius + 1, shape, generator=g).float() * step


def classes(seed, n, c) -> torch.Tensor:
    return torch.randint(0, c, (n,), generator=torch.Generator().manual_seed(seed))


def case(x_train, y_train, x_test, k, label="") -> Case:
    scale = max(1.0, x_train.abs().max().item(), x_test.abs().max().item())
    return Case(args=(x_train, y_train, x_test, k), scale=scale, label=label)


def fixed(seed, n, m, d, c, k, step=1.0, label="") -> Case:
    return case(grid(seed, n, d, step=step), classes(seed + 1, n, c), grid(seed + 2, m, d, step=step), k, label)


def inputs(draw) -> Case:
    n, m, d = draw(st.integers(1, 16)), draw(st.integers(1, 8)), draw(st.integers(1, 3))
    seed = draw(st.integers(0, 2**31 - 1))
    step = draw(st.sampled_from([0.5, 1.0, 4.0]))
    radius = draw(st.sampled_from([1, 4]))                  # 1: many equal distances
    y = classes(seed + 1, n, draw(st.integers(1, 4)))
    if draw(st.booleans()):
        y = y * draw(st.sampled_from([2, 3]))               # labels with gaps: 0, 3, 6, ...
    return case(grid(seed, n, d, step=step, radius=radius), y, grid(seed + 2, m, d, step=step, radius=radius),
                draw(st.integers(1, n)))


# ---- far from the origin: the same predictions ---------------------------------------------------------

SHIFT = 16384.0       # 2^14: grid points stay exact in float32, |a|² does not (its spacing is 32 there)


def clear_cases(k=3):
    """Grid data, two classes, where no test point has a tie between its k-th and (k+1)-th nearest
    (with k odd, no vote can tie): rounding in a centred computation cannot change a prediction
    there; cancellation does. Each comes with its predictions, the majority of the k nearest."""
    out = []
    for seed in (100, 200, 300):
        x_train, y_train = grid(seed, 40, 2, radius=6), classes(seed + 1, 40, 2)
        x_test = grid(seed + 2, 60, 2, radius=6)
        d2 = ((x_test[:, None].double() - x_train[None].double()) ** 2).sum(-1)
        near = d2.sort(1).values
        clear = near[:, k - 1] < near[:, k]
        votes = y_train[d2[clear][:20].argsort(1)[:, :k]]              # the k nearest are unique here
        want = (votes.sum(1) * 2 > k).long()                            # two classes, k odd: the majority
        out.append((x_train, y_train, x_test[clear][:20], want))
    return out


def far_from_origin(call, _case):
    shift, k = torch.tensor([SHIFT, -SHIFT]), 3
    for x_train, y_train, x_test, want in CLEAR:
        near = call(Case(args=(x_train, y_train, x_test, k)))
        far = call(Case(args=(x_train + shift, y_train, x_test + shift, k)))
        if not isinstance(far, torch.Tensor) or not isinstance(near, torch.Tensor) or far.shape != near.shape:
            raise Fail("expected a LongTensor (m,) of predictions")
        if not torch.equal(near.cpu(), far.cpu()):
            i = (near.cpu() != far.cpu()).nonzero()[0].item()
            right_near = torch.equal(near.cpu(), want)
            raise Fail(f"on grid points ({len(x_train)} training, {len(x_test)} test, k = {k}, no ties), moving every "
                       f"point by ({SHIFT:g}, {-SHIFT:g}) changed {int((near != far).sum())} of {len(near)} predictions (test point {i}: {near[i].item()} near the origin, {far[i].item()} "
                       f"far from it); distances do not change when all points move together",
                       mistake=CANCELLATION.name if right_near else "")


CANCELLATION = Mistake("distances as |a|² + |b|² - 2a·b: far from the origin the subtraction cancels (the squared "
                       "distance can even come out negative, and its sqrt NaN); compute the squared differences (a - b)²",
                       hint="((x_test[:, None, :] - x_train[None, :, :]) ** 2).sum(-1) is exact wherever the "
                            "coordinates are; the expanded form loses every digit once |x|² is 1e8 times the distance.")


# ---- the classic mistakes, written as a learner would ---------------------------------------------

def knn_like(*, distance_ties="smaller index", vote_ties="smallest label"):
    def knn_predict(x_train, y_train, x_test, k):
        d2 = ((x_test[:, None, :] - x_train[None, :, :]) ** 2).sum(-1)
        if distance_ties == "larger index":                   # sorted descending, then flipped
            idx = d2.argsort(dim=1, descending=True, stable=True).flip(1)[:, :k]
        elif distance_ties == "topk":                         # no promise among equal values
            idx = d2.topk(k, dim=1, largest=False).indices
        else:
            idx = d2.argsort(dim=1, stable=True)[:, :k]
        votes = y_train[idx]
        C = int(y_train.max()) + 1
        counts = torch.zeros(x_test.shape[0], C, dtype=torch.long, device=x_test.device)
        counts.scatter_add_(1, votes, torch.ones_like(votes))
        if vote_ties == "largest label":
            return C - 1 - counts.flip(1).argmax(1)
        if vote_ties == "nearest neighbour":                  # among the tied labels, the one seen first
            tied = counts == counts.max(1, keepdim=True).values
            first = tied.gather(1, votes).long().argmax(1)
            return votes.gather(1, first[:, None])[:, 0]
        return counts.argmax(1)
    return knn_predict


TIES = ("equal distances not broken towards the smaller training index (sort with argsort(..., stable=True); "
        "topk promises no order among equal values)")
# Query (3, 3): (5, 5) is nearest (d² = 8); (1, 0), (0, 1) and (6, 5) tie at d² = 13: index 1 is next.
PROMPT = case(torch.tensor([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [5.0, 5.0], [6.0, 5.0]]), torch.tensor([0, 0, 1, 1, 2]),
              torch.tensor([[0.0, 0.0], [0.5, 0.5], [5.0, 4.0], [3.0, 3.0]]), 2, "the prompt's example")

DRILL = Drill(entries=[Entry(
    "knn_predict",
    inputs=inputs,
    examples=[
        PROMPT,
        fixed(1, 12, 6, 2, 3, 3, label="n=12, m=6, d=2, k=3"),
        fixed(2, 10, 5, 2, 3, 4, step=1.0, label="k=4: vote ties"),
        case(torch.tensor([[0.0], [2.0], [-2.0], [4.0]]), torch.tensor([1, 0, 2, 0]), torch.tensor([[0.0], [1.0]]), 2,
             "equal distances at the k-th neighbour"),
        case(torch.tensor([[1.0, 1.0], [1.0, 1.0], [1.0, 1.0], [3.0, 3.0]]), torch.tensor([2, 0, 1, 0]),
             torch.tensor([[1.0, 1.0], [2.0, 2.0]]), 1, "duplicate training points with different labels"),
        fixed(3, 7, 4, 3, 4, 7, label="k = n: every training point votes"),
        case(torch.tensor([[0.5, -1.0]]), torch.tensor([3]), torch.tensor([[2.0, 2.0], [0.0, 0.0]]), 1,
             "one training point"),
        case(grid(4, 9, 2), classes(5, 9, 3) * 3, grid(6, 5, 2), 3, "labels 0, 3, 6 (gaps)"),
        case(grid(7, 8, 1, step=0.5), classes(8, 8, 2), grid(9, 1, 1, step=0.5), 5, "one test point, d = 1"),
        case(grid(10, 10, 2).double(), classes(11, 10, 3), grid(12, 4, 2).double(), 3, "float64"),
    ],
    extreme=[
        fixed(13, 2000, 50, 4, 5, 7, label="2000 training points"),
        fixed(14, 30, 10, 64, 3, 5, label="64 dimensions"),
    ],
    invariants=[Invariant("same predictions far from the origin", far_from_origin, drawn=False)],
    mistakes=[
        CANCELLATION,
        Mistake(TIES, like=knn_like(distance_ties="larger index"),
                hint="Sort the distances with d2.argsort(dim=1, stable=True): equal values keep their index order."),
        Mistake(TIES, like=knn_like(distance_ties="topk")),
        Mistake("vote ties broken towards the largest label: the smallest tied label wins",
                like=knn_like(vote_ties="largest label")),
        Mistake("vote ties go to the nearest neighbour's label: the rule is the smallest tied label",
                like=knn_like(vote_ties="nearest neighbour")),
    ],
    grad=False,
    loops=Loops(small=fixed(15, 20, 3, 2, 3, 3), large=fixed(15, 20, 11, 2, 3, 3), over="the test points"),
    speed=Speed(lambda seed: case(grid(seed, 4096, 16), classes(seed, 4096, 10), grid(seed + 1, 256, 16), 5),
                limit=30.0),
)], banned=["import sklearn"])

CLEAR = clear_cases()
