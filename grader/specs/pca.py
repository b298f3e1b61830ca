"""pca: one function returning the top-k principal directions with a fixed sign, and their variances.
Particular to it: a direction is compared only where it is well defined (its singular value apart
from its neighbours, not negligible, and its largest entry clear of the runner-up, so the sign
convention decides its sign), variances everywhere; data off the origin, n = 2, k = d, d = 1;
invariants that need no reference (orthonormal rows, the sign convention, each variance the
unbiased variance of the data along its direction); and the classic mistakes of the missing
centring, n instead of n - 1, the sign left to the SVD, Vh read as V, variances not squared,
eigh's ascending order, and the ratio returned for the variance."""
from hypothesis import strategies as st

import torch
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="PCA via SVD", zh="主成分分析(SVD)", topic="classic ML", difficulty="easy", minutes=12,
            oracle="sklearn PCA and torch.pca_lowrank (signs aligned), torch.linalg.eigh of the covariance")
HINTS = [
    "Centre the columns: xc = x - x.mean(0). PCA is about variance around the mean.",
    "torch.linalg.svd(xc, full_matrices=False) returns U, S, Vh with xc = U diag(S) Vh: the rows of Vh are the "
    "principal directions, already sorted by S descending (Vh is Vᵀ: do not transpose it again).",
    "The variance of the data along direction i is S[i]² / (n - 1) (unbiased, like torch.var).",
    "Sign: big = comps.abs().argmax(1, keepdim=True); comps = comps * comps.gather(1, big).sign().",
]


def make(x, k, label="") -> Case:
    xc = x.double() - x.double().mean(0)
    S = torch.linalg.svdvals(xc)
    return Case(args=(x, k), scale=max(1.0, S[0].item() ** 2 / (x.shape[0] - 1)), label=label)


def spread(draw, n, d, scale):
    """Data with distinct variances along random directions, off the origin."""
    g = torch.Generator().manual_seed(draw(st.integers(0, 2**31 - 1)))
    Q, _ = torch.linalg.qr(torch.randn(d, d, generator=g))
    stds = scale * 0.6 ** torch.arange(d, dtype=torch.float32)
    return (torch.randn(n, d, generator=g) * stds) @ Q.T + randn(draw, d, scale=draw(st.sampled_from([0.0, 1.0, 5.0])))


def inputs(draw) -> Case:
    n, d = draw(st.integers(2, 12)), draw(st.integers(1, 6))
    x = spread(draw, n, d, draw(st.sampled_from([0.3, 1.0, 4.0])))
    return make(x, draw(st.integers(1, min(n - 1, d))))


def fixed(seed, n, d, k, scale=1.0, offset=0.0, label="") -> Case:
    g = torch.Generator().manual_seed(seed)
    Q, _ = torch.linalg.qr(torch.randn(d, d, generator=g))
    x = (torch.randn(n, d, generator=g) * scale * 0.6 ** torch.arange(d, dtype=torch.float32)) @ Q.T + offset
    return make(x, k, label)


def well_defined(case: Case, expected):
    """Directions are compared where they are well defined; variances always."""
    x, k = case.args
    S = torch.linalg.svdvals(x.double() - x.double().mean(0))
    S = torch.cat([S, torch.zeros(1, dtype=S.dtype)])
    comps = expected[0].detach().double().cpu()
    rows = []
    for i in range(k):
        gap = min(S[i - 1] - S[i] if i else float("inf"), S[i] - S[i + 1]) / S[0]
        top = comps[i].abs().sort(descending=True).values
        clear = top.numel() < 2 or (top[0] - top[1]).item() > 1e-2
        rows.append(bool(gap > 0.05 and S[i] > 1e-2 * S[0] and clear))
    mask = torch.tensor(rows)[:, None].expand(expected[0].shape)
    return mask, torch.ones(expected[1].shape, dtype=torch.bool)


# ---- invariants (no reference needed) --------------------------------------------------------------

def _outputs(call, case):
    x, k = case.args
    out = call(case)
    if not isinstance(out, (tuple, list)) or len(out) != 2:
        raise Fail(f"expected (components, explained_variance), got {type(out).__name__}")
    comps, var = (t.detach().double().cpu() for t in out)
    if comps.shape != (k, x.shape[1]) or var.shape != (k,):
        raise Fail(f"expected components ({k}, {x.shape[1]}) and explained_variance ({k},), got "
                   f"{tuple(comps.shape)} and {tuple(var.shape)}")
    return x.double(), comps, var


def orthonormal(call, case):
    _, comps, _ = _outputs(call, case)
    gram = comps @ comps.T
    if not torch.allclose(gram, torch.eye(len(comps), dtype=gram.dtype), atol=1e-4):
        raise Fail(f"the components are not orthonormal rows: C Cᵀ = {[[round(v, 4) for v in r] for r in gram.tolist()]}")


def sign_convention(call, case):
    _, comps, _ = _outputs(call, case)
    top = comps.abs().sort(1, descending=True).values
    clear = (top[:, 0] - top[:, 1] > 1e-2) if comps.shape[1] > 1 else torch.ones(len(comps), dtype=torch.bool)
    big = comps.gather(1, comps.abs().argmax(1, keepdim=True))[:, 0]
    bad = clear & (big < 0)
    if bad.any():
        i = bad.nonzero()[0].item()
        raise Fail(f"component {i} is {[round(v, 4) for v in comps[i].tolist()]}: its entry of largest magnitude must "
                   f"be positive (flip the whole row)")


def variance_along_components(call, case):
    """Each explained variance is the unbiased variance of the data projected on its direction."""
    x, comps, var = _outputs(call, case)
    n = x.shape[0]
    proj = (x - x.mean(0)) @ comps.T
    want = (proj ** 2).sum(0) / (n - 1)
    tol = 1e-4 * max(1.0, want.abs().max().item())
    if not torch.allclose(var, want, rtol=1e-3, atol=tol):
        biased = torch.allclose(var, want * (n - 1) / n, rtol=1e-3, atol=tol)
        raise Fail(f"explained_variance is {[round(v, 5) for v in var.tolist()]} but the data's variance along your "
                   f"components (sum of squares / (n - 1)) is {[round(v, 5) for v in want.tolist()]}",
                   mistake=BIASED.name if biased else "")


# ---- the classic mistakes, written as a learner would ------------------------------------------------

def fix_sign(comps):
    big = comps.abs().argmax(1, keepdim=True)
    return comps * comps.gather(1, big).sign()


def pca_like(*, centre=True, ddof=1, sign="largest", transposed=False, squared=True, ratio=False):
    def pca(x, k):
        xc = x - x.mean(0) if centre else x
        _, S, Vh = torch.linalg.svd(xc, full_matrices=False)
        comps = Vh[:, :k].T if transposed else Vh[:k]
        if sign == "largest":
            comps = fix_sign(comps)
        elif sign == "first":
            comps = comps * comps[:, :1].sign()
        var = (S[:k] ** 2 if squared else S[:k]) / (x.shape[0] - ddof)
        if ratio:
            var = S[:k] ** 2 / (S ** 2).sum()
        return comps, var
    return pca


def eigh_ascending(x, k):
    xc = x - x.mean(0)
    evals, evecs = torch.linalg.eigh(xc.T @ xc / (x.shape[0] - 1))     # ascending order
    return fix_sign(evecs[:, :k].T), evals[:k]


BIASED = Mistake("variance divided by n: the explained variance is the unbiased S² / (n - 1)",
                 like=pca_like(ddof=0),
                 hint="S[i]² / (n - 1), as torch.var (unbiased) would give along that direction.")

DRILL = Drill(entries=[Entry(
    "pca",
    inputs=inputs,
    examples=[
        make(torch.tensor([[2.0, 0.0], [0.0, 1.0], [-3.0, 3.0], [-1.0, 1.0]]), 2, "the prompt's example"),
        fixed(1, 10, 4, 2, offset=3.0, label="n=10, d=4, k=2, data around 3"),
        fixed(2, 8, 3, 3, scale=2.0, offset=-1.0, label="k = d"),
        fixed(3, 2, 3, 1, label="n = 2"),
        fixed(4, 6, 1, 1, offset=10.0, label="d = 1"),
        fixed(5, 5, 6, 4, label="more features than samples: k = n - 1"),
        fixed(6, 30, 5, 3, scale=3.0, offset=2.0, label="n=30, d=5"),
        make(fixed(7, 9, 3, 2, offset=1.0).args[0].double(), 2, "float64"),
    ],
    extreme=[
        fixed(8, 2000, 8, 3, offset=50.0, label="2000 samples around 50"),
        fixed(9, 20, 64, 5, label="64 features"),
    ],
    invariants=[Invariant("components are orthonormal", orthonormal),
                Invariant("sign convention: each component's largest entry is positive", sign_convention),
                Invariant("explained variance is the variance along each component", variance_along_components)],
    mistakes=[
        Mistake("data not centred: subtract the column means before the SVD", like=pca_like(centre=False),
                hint="xc = x - x.mean(0): without it the first direction points at the mean, not along the spread."),
        BIASED,
        Mistake("sign left to the SVD: flip each component so that its entry of largest magnitude is positive",
                like=pca_like(sign=None)),
        Mistake("sign convention on the first entry: the rule is the entry of largest magnitude",
                like=pca_like(sign="first")),
        Mistake("components taken from the columns of Vh: torch.linalg.svd returns Vh = Vᵀ, whose ROWS are the "
                "directions", like=pca_like(transposed=True)),
        Mistake("singular values not squared: the variance is S² / (n - 1)", like=pca_like(squared=False)),
        Mistake("eigh sorts its eigenvalues in ascending order: the top k are the last ones, reversed",
                like=eigh_ascending),
        Mistake("explained variance ratio returned: the drill asks for the variance itself, S² / (n - 1)",
                like=pca_like(ratio=True)),
    ],
    graded=well_defined,
    grad=False,
    loops=Loops(small=fixed(10, 12, 8, 2), large=fixed(10, 12, 8, 6), over="the components"),
    speed=Speed(lambda seed: fixed(20 + seed, 4096, 64, 8, offset=1.0), limit=30.0),
)], banned=["torch.pca_lowrank", "torch.svd_lowrank", "import sklearn"])
