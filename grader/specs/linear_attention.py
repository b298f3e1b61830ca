"""linear_attention: two entries that must agree, the parallel form (no loop at all) and the
recurrent form (a loop over the tokens carrying a (D, D_v) state, graded for memory: no (S, S)
weights, no S states; and for work: linear in S, so no step reads the whole prefix again). Particular to it: the elu + 1 feature map, D != D_v, sequences from 1 token
to 1024, invariants that need no reference (causality, batch and heads independent), and the
mistakes of the sums (not causal, the token's own pair left out, the state not carried), the
normaliser and the feature map."""
from hypothesis import strategies as st

import torch
import torch.nn.functional as F
from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Loops, Memory, Mistake, Speed, Work

META = dict(title="Causal linear attention", zh="线性注意力", topic="attention", difficulty="medium", minutes=20,
            oracle="the quadratic form sum_j (phi(q_i)·phi(k_j)) v_j / sum_j phi(q_i)·phi(k_j) over j <= i, "
                   "written out in float64")
HINTS = [
    "phi = F.elu(x) + 1 on q and k (never on v). Then everything is attention with weights phi(q_i)·phi(k_j) "
    "instead of exp(q_i·k_j), normalised by their sum instead of a softmax.",
    "Parallel: W = phi(q) @ phi(k).transpose(-2, -1), zero the future with a lower-triangular mask "
    "(tril keeps j <= i, the diagonal included), out = (W @ v) / W.sum(-1, keepdim=True).",
    "Recurrent: S = zeros(B, H, D, D_v), z = zeros(B, H, D). For token t: S += phi(k_t)[..., :, None] * "
    "v_t[..., None, :]; z += phi(k_t); then out_t = (phi(q_t)[..., None] * S).sum(-2) / (phi(q_t) * z).sum(-1).",
    "Add token t's own key and value BEFORE reading its output, carry S and z to the next token, and "
    "torch.stack the outputs on dim 2.",
]


def qkv(seed, B, H, S, D, D_v=None, scale=1.0, label=""):
    return Case(args=(seeded(seed, B, H, S, D, scale=scale), seeded(seed + 1, B, H, S, D, scale=scale),
                      seeded(seed + 2, B, H, S, D_v or D)), label=label, scale=max(1.0, scale))


def inputs(draw) -> Case:
    B, H, S = draw(st.integers(1, 2)), draw(st.integers(1, 3)), draw(st.integers(1, 9))
    D, D_v = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    scale = draw(st.sampled_from([0.5, 1.0, 3.0]))
    return Case(args=(randn(draw, B, H, S, D, scale=scale), randn(draw, B, H, S, D, scale=scale),
                      randn(draw, B, H, S, D_v)), scale=max(1.0, scale))


def all_graded(case, out):
    return torch.ones(out.shape, dtype=torch.bool)


INVARIANTS = [kit.last_key_reaches_last_query(all_graded), kit.qkv_slices_independent(all_graded)]


# ---- classic mistakes, written as a learner would ----------------------------------------------

def features(x, feature_map):
    return {"elu+1": F.elu(x) + 1, "none": x, "elu": F.elu(x)}[feature_map]


def parallel_like(keep="causal", normalised=True, feature_map="elu+1", phi_v=False):
    """linear_attention with one classic mistake switched on: keep is "causal" (j <= i), "all" (not
    causal), "before" (j < i) or "causal numerator" (the normaliser sums over all tokens)."""
    def linear_attention(q, k, v):
        S = q.shape[-2]
        q, k = features(q, feature_map), features(k, feature_map)
        v = F.elu(v) + 1 if phi_v else v
        w = q @ k.transpose(-2, -1)
        ones = torch.ones(S, S, device=q.device)
        mask = {"causal": ones.tril(), "all": ones, "before": ones.tril(-1), "causal numerator": ones.tril()}[keep]
        out = (w * mask) @ v
        if not normalised:
            return out
        norm = w.sum(-1, keepdim=True) if keep == "causal numerator" else (w * mask).sum(-1, keepdim=True)
        return out / norm
    return linear_attention


def recurrent_like(read_before=False, carried=True, normalised=True, feature_map="elu+1"):
    """linear_attention_recurrent with one classic mistake switched on."""
    def linear_attention_recurrent(q, k, v):
        B, H, S, D = q.shape
        q, k = features(q, feature_map), features(k, feature_map)
        state, norm = q.new_zeros(B, H, D, v.shape[-1]), q.new_zeros(B, H, D)
        out = []
        for t in range(S):
            if not carried:
                state, norm = torch.zeros_like(state), torch.zeros_like(norm)
            new_state = state + k[:, :, t, :, None] * v[:, :, t, None, :]
            new_norm = norm + k[:, :, t]
            read_s, read_z = (state, norm) if read_before else (new_state, new_norm)
            num = (q[:, :, t, :, None] * read_s).sum(-2)
            out.append(num / (q[:, :, t] * read_z).sum(-1, keepdim=True) if normalised else num)
            state, norm = new_state, new_norm
        return torch.stack(out, dim=2)
    return linear_attention_recurrent


NOT_CAUSAL = ("sums not causal: token i may use only the keys and values j <= i (cumulative sums, or a "
              "lower-triangular mask, in the numerator and in the normaliser)")
OWN_PAIR_LEFT_OUT = ("token i's own key and value left out (j < i): its sums run over j <= i, so add them "
                     "before reading the output")
NO_NORMALISER = "normaliser missing: divide phi(q_i)ᵀ S_i by phi(q_i) · z_i, the sum of the weights"
NO_FEATURE_MAP = "feature map missing: q and k go through phi(x) = elu(x) + 1, so every weight is positive"
ELU_WITHOUT_1 = "feature map elu(x) without the + 1: phi(x) = elu(x) + 1 keeps every feature positive"


def example_cases():
    return [
        Case(args=(torch.tensor([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]).view(1, 1, 3, 2),
                   torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0]]).view(1, 1, 3, 2),
                   torch.tensor([[1.0, 0.0], [0.0, 1.0], [2.0, 2.0]]).view(1, 1, 3, 2)), label="the prompt's example"),
        qkv(1, 2, 2, 6, 4, label="2 heads, 6 tokens"),
        qkv(4, 1, 3, 5, 3, 7, label="D = 3, D_v = 7"),
        qkv(7, 2, 1, 1, 4, 2, label="one token"),
        qkv(10, 1, 1, 8, 1, 1, scale=3.0, label="D = D_v = 1, inputs of size 3"),
    ]


def extreme_cases(S_long):
    return [qkv(13, 1, 2, 6, 4, scale=10.0, label="inputs near ±30: phi(x) from e^-30 to 31"),
            qkv(16, 1, 2, S_long, 8, 4, label=f"{S_long} tokens")]


PARALLEL = Entry(
    "linear_attention",
    inputs=inputs,
    examples=example_cases(),
    extreme=extreme_cases(1024),
    invariants=INVARIANTS,
    mistakes=[
        Mistake(NOT_CAUSAL, like=parallel_like(keep="all"),
                hint="Token i's sums stop at i: multiply the weights by torch.ones(S, S).tril() (j <= i), or "
                     "take cumsum over the tokens, in both the numerator and the normaliser."),
        Mistake(NOT_CAUSAL, like=parallel_like(keep="causal numerator")),
        Mistake(OWN_PAIR_LEFT_OUT, like=parallel_like(keep="before")),
        Mistake(NO_NORMALISER, like=parallel_like(normalised=False)),
        Mistake(NO_FEATURE_MAP, like=parallel_like(feature_map="none")),
        Mistake(ELU_WITHOUT_1, like=parallel_like(feature_map="elu")),
        Mistake("feature map applied to v as well: only q and k go through phi", like=parallel_like(phi_v=True)),
    ],
    loops=Loops(small=qkv(20, 2, 2, 5, 4), large=qkv(20, 4, 3, 11, 4), over="the batch, the heads and the tokens"),
    speed=Speed(lambda seed: qkv(30 + 3 * seed, 64, 4, 32, 8), limit=30.0),
)


def recurrent_limit(case) -> int:
    """The output, the inputs, or the state: B·H·S·max(D, D_v) or B·H·D·D_v elements."""
    q, k, v = case.args
    B, H, S, D = q.shape
    return max(B * H * S * max(D, v.shape[-1]), B * H * D * v.shape[-1])


RECURRENT = Entry(
    "linear_attention_recurrent",
    inputs=inputs,
    examples=example_cases(),
    extreme=extreme_cases(256),
    invariants=INVARIANTS,
    mistakes=[
        Mistake(OWN_PAIR_LEFT_OUT, like=recurrent_like(read_before=True),
                hint="Update S and z with token t first, then read token t's output: the first token attends "
                     "to itself."),
        Mistake("state not carried from one token to the next: S and z sum over every token so far",
                like=recurrent_like(carried=False)),
        Mistake(NO_NORMALISER, like=recurrent_like(normalised=False)),
        Mistake(NO_FEATURE_MAP, like=recurrent_like(feature_map="none")),
        Mistake(ELU_WITHOUT_1, like=recurrent_like(feature_map="elu")),
        Mistake("an intermediate larger than the output or the state: the (S, S) weights, or the S states "
                "(B, H, S, D, D_v) at once; the recurrent form keeps one (B, H, D, D_v) state", check="memory"),
        Mistake("each step reads the whole prefix again (phi(q_t) against every phi(k_j), j <= t): quadratic in S; "
                "read token t's output from the carried S and z", check="work",
                hint="Keep S = sum_j phi(k_j) v_jᵀ and z = sum_j phi(k_j) as running sums: add token t's pair, then "
                     "out_t = phi(q_t)ᵀ S / (phi(q_t) · z). No step looks at k or v of earlier tokens."),
    ],
    # 64 tokens, D = D_v = 4: the output holds 64·4 per (batch, head), one state 16, the (S, S) weights 4096
    memory=Memory(case=qkv(40, 2, 2, 64, 4), limit=recurrent_limit),
    loops=Loops(small=qkv(44, 2, 2, 5, 4), large=qkv(44, 4, 3, 5, 4), over="the batch and the heads"),
    work=Work(lambda S: qkv(46, 1, 2, S, 4), sizes=(8, 256), grows="S"),
    speed=Speed(lambda seed: qkv(50 + 3 * seed, 64, 4, 32, 8), limit=30.0),
)

DRILL = Drill(entries=[PARALLEL, RECURRENT])
