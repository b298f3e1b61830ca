"""attention_mask: a boolean mask builder and its additive float form, both compared exactly.
Particular to it: padding drawn left, right, scattered and whole rows of it; S_q <= S_k with the
queries after the cached keys (bottom-right); windows from 1 past S_k; every floating dtype for the
additive form (finfo(dtype).min differs in each); invariants that padded keys are hidden and batch
rows independent; and the mistakes of alignment, padding on the queries, the window's edge, -1e9
and -inf."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake

META = dict(oracle="transformers' sdpa_mask and eager_mask (masking_utils); explicit double loops",
            title="Attention masks: padding, causal, sliding window", zh="注意力掩码", topic="attention",
            difficulty="easy", minutes=15)
HINTS = [
    "Positions: pos = torch.arange(q_len)[:, None] + (S_k - q_len) for the queries, j = torch.arange(S_k)[None, :] "
    "for the keys (both on padding_mask.device). They broadcast to (S_q, S_k).",
    "Start from keep = ones (S_q, S_k) bool; causal: keep &= j <= pos; window: keep &= j > pos - window (window "
    "keys, the query's own included: check window=1 leaves only the diagonal).",
    "Padding hides KEYS: keep[None, None] & padding_mask[:, None, None, :] is (B, 1, S_q, S_k).",
    "additive_mask: torch.zeros(mask.shape, dtype=dtype, device=mask.device).masked_fill(~mask, "
    "torch.finfo(dtype).min).",
]

DTYPES = [torch.float32, torch.float16, torch.bfloat16, torch.float64]


# ---- drawn inputs ------------------------------------------------------------------------------

def padding(draw, B: int, S: int) -> torch.Tensor:
    """(B, S) bool, True = real: no padding, left or right padding, scattered, or a row all padding."""
    kind = draw(st.sampled_from(["none", "left", "right", "scattered", "a padded row"]))
    if kind == "none":
        return torch.ones(B, S, dtype=torch.bool)
    if kind == "scattered":
        return kit.random_mask(draw, B, S, keep_first=False)
    lengths = torch.tensor([draw(st.integers(0, S)) for _ in range(B)])
    real = torch.arange(S)[None, :] < lengths[:, None]                 # right padding
    if kind == "left":
        real = real.flip(-1)
    if kind == "a padded row":
        real[draw(st.integers(0, B - 1))] = False
    return real


def mask_case(padding_mask, q_len, causal=False, window=None, label="") -> Case:
    kwargs = {"causal": causal} if window is None else {"causal": causal, "window": window}
    return Case(args=(padding_mask, q_len), kwargs=kwargs, label=label)


def inputs(draw) -> Case:
    B, S_k = draw(st.integers(1, 3)), draw(st.integers(1, 9))
    q_len = draw(st.one_of(st.just(S_k), st.just(1), st.integers(1, S_k)))   # prefill, one decoding step, chunks
    causal = draw(st.booleans())
    window = draw(st.one_of(st.none(), st.integers(1, S_k + 2))) if causal else None
    return mask_case(padding(draw, B, S_k), q_len, causal, window)


def left_padded(B, S, lengths) -> torch.Tensor:
    return torch.arange(S)[None, :] >= S - torch.tensor(lengths)[:, None]


def bool_mask(seed, *shape, p=0.6) -> torch.Tensor:
    return torch.rand(shape, generator=torch.Generator().manual_seed(seed)) < p


def additive_inputs(draw) -> Case:
    shape = draw(st.lists(st.integers(1, 5), min_size=0, max_size=4))
    mask = kit.random_mask(draw, *shape, keep_first=False) if shape else torch.tensor(draw(st.booleans()))
    if shape and draw(st.booleans()):
        mask.view(-1, shape[-1])[0] = False                                # a row with every key hidden
    return Case(args=(mask, draw(st.sampled_from(DTYPES))))


# ---- invariants (no reference needed) ----------------------------------------------------------

def _bool_output(call, case):
    padding_mask, q_len = case.args
    out = call(case)
    B, S_k = padding_mask.shape
    if not isinstance(out, torch.Tensor) or tuple(out.shape) != (B, 1, q_len, S_k) or out.dtype != torch.bool:
        raise Fail(f"expected a bool tensor of shape {(B, 1, q_len, S_k)}, got "
                   f"{tuple(out.shape) if isinstance(out, torch.Tensor) else type(out).__name__}"
                   f"{' ' + str(out.dtype).removeprefix('torch.') if isinstance(out, torch.Tensor) else ''}")
    return padding_mask.cpu(), out.detach().cpu()


def padded_keys_hidden(call, case):
    padding_mask, out = _bool_output(call, case)
    seen = out.any(2)[:, 0] & ~padding_mask                           # (B, S_k): padded keys some query sees
    if seen.any():
        b, j = seen.nonzero()[0].tolist()
        i = int(out[b, 0, :, j].nonzero()[0])
        S_k, q_len = padding_mask.shape[1], case.args[1]
        on_queries = q_len == S_k and not out[b, 0][~padding_mask[b]].any()
        raise Fail(f"batch {b}: key {j} is padding (padding_mask[{b}, {j}] is False) but query {i} may attend it: "
                   f"a padded key is hidden from every query", mistake=PADDING_ON_QUERIES.name if on_queries else "")


def batch_rows_independent(call, case):
    padding_mask, q_len = case.args
    if padding_mask.shape[0] < 2:
        return
    changed = padding_mask.clone()
    changed[0] = ~changed[0]
    _, a = _bool_output(call, case)
    _, b = _bool_output(call, kit.with_arg(case, 0, changed))
    if not torch.equal(a[1:], b[1:]):
        raise Fail("changing the padding of batch element 0 changed the mask of other batch elements: each "
                   "sequence's keys are hidden by its own padding row")


def additive_never_nan(call, case):
    mask, dtype = case.args
    out = call(case)
    if not isinstance(out, torch.Tensor) or out.shape != mask.shape:
        raise Fail(f"expected a tensor of mask's shape {tuple(mask.shape)}")
    out = out.detach().cpu().double()
    if out.isnan().any():
        raise Fail("the additive mask holds NaN (0 * -inf is NaN): multiply by a finite value, or fill with "
                   "masked_fill / torch.where")
    hidden = ~mask.cpu().reshape(-1, mask.shape[-1]).any(-1) if mask.dim() else ~mask.cpu().reshape(1)
    rows = out.reshape(-1, mask.shape[-1] if mask.dim() else 1)
    if hidden.any() and torch.softmax(rows[hidden], -1).isnan().any():
        raise Fail(f"a row whose keys are all hidden softmaxes to NaN with this {str(dtype).removeprefix('torch.')} "
                   f"mask (it holds -inf): use torch.finfo(dtype).min, the most negative finite value")


# ---- classic mistakes, written as a learner would ----------------------------------------------

def masker(top_left=False, on_queries=False, inverted=False, strict_causal=False, widen=0, no_window=False,
           no_head_dim=False):
    """attention_mask with one classic mistake switched on."""
    def attention_mask(padding_mask, q_len, causal=False, window=None):
        B, S_k = padding_mask.shape
        dev = padding_mask.device
        pos = torch.arange(q_len, device=dev)[:, None] + (0 if top_left else S_k - q_len)
        j = torch.arange(S_k, device=dev)[None, :]
        keep = torch.ones(q_len, S_k, dtype=torch.bool, device=dev)
        if causal:
            keep = keep & (j < pos if strict_causal else j <= pos)
        if window is not None and not no_window:
            keep = keep & (j > pos - window - widen)
        real = ~padding_mask if inverted else padding_mask
        out = keep[None, None] & (real[:, None, :, None] if on_queries else real[:, None, None, :])
        return out[:, 0] if no_head_dim else out
    return attention_mask


def additive(fill=None, multiply=None, inverted=False, finfo_of=None, dtype_ignored=False):
    """additive_mask with one classic mistake switched on."""
    def additive_mask(mask, dtype):
        if multiply is not None:                                           # (1 - mask) * big
            return (1.0 - mask.to(dtype)) * multiply
        made = torch.float32 if dtype_ignored else dtype
        value = torch.finfo(finfo_of or dtype).min if fill is None else fill
        out = torch.zeros(mask.shape, dtype=torch.float32 if finfo_of else made, device=mask.device)
        out = out.masked_fill(mask if inverted else ~mask, value)
        return out.to(made)
    return additive_mask


PADDING_ON_QUERIES = Mistake(kit.PADDING_ON_QUERIES.name, like=masker(on_queries=True), hint=kit.PADDING_ON_QUERIES.hint)
MINUS_1E9 = ("-1e9 used for hidden keys: in float16 it overflows to -inf (a fully hidden row then softmaxes to "
             "NaN), and it is not the most negative value of the dtype: use torch.finfo(dtype).min")
MINUS_INF = ("-inf used for hidden keys: a query whose keys are all hidden softmaxes to NaN (exp(-inf - (-inf))); "
             "use torch.finfo(dtype).min, whose fully hidden rows softmax to a harmless uniform row")

MASK = Entry(
    "attention_mask",
    inputs=inputs,
    examples=[
        mask_case(torch.tensor([[False, True, True, True, True]]), 3, True, label="the prompt's example"),
        mask_case(torch.tensor([[False, True, True, True, True]]), 3, True, 2, label="the prompt's example, window 2"),
        mask_case(left_padded(3, 6, [6, 4, 1]), 6, True, label="left padding, causal prefill"),
        mask_case(left_padded(2, 5, [5, 3]), 5, label="left padding, not causal"),
        mask_case(torch.ones(2, 7, dtype=torch.bool), 7, True, 3, label="window 3 over 7 tokens"),
        mask_case(left_padded(2, 8, [8, 5]), 1, True, 4, label="one decoding step after 7 cached keys, window 4"),
        mask_case(left_padded(2, 9, [9, 6]), 4, True, label="4 queries after 5 cached keys"),
        mask_case(torch.tensor([[True, True, False, True, False, True]]), 6, True, 1,
                  label="scattered padding, window 1: only the query's own key"),
        mask_case(torch.zeros(2, 4, dtype=torch.bool), 4, True, label="every token padding: all False"),
        mask_case(torch.ones(1, 1, dtype=torch.bool), 1, True, 1, label="one token"),
        mask_case(left_padded(2, 5, [5, 2]), 5, True, 9, label="window larger than the sequence: plain causal"),
    ],
    extreme=[mask_case(left_padded(2, 1024, [1024, 700]), 1, True, 256,
                       label="one decoding step after 1023 cached keys, window 256"),
             mask_case(left_padded(2, 512, [512, 100]), 512, True, 64, label="a 512-token prefill, window 64")],
    invariants=[Invariant("padded keys hidden", padded_keys_hidden, live=False),
                Invariant("batch elements independent", batch_rows_independent, live=False)],
    mistakes=[
        Mistake("causal mask aligned top-left (j <= i): the queries are the LAST q_len positions, query i sits at "
                "p = i + (S_k - q_len) and may attend keys j <= p", like=masker(top_left=True),
                hint="torch.ones(S_q, S_k).tril() is top-left aligned; with S_q < S_k the queries come after the "
                     "cache: tril(diagonal=S_k - S_q), or compare j <= i + (S_k - S_q)."),
        PADDING_ON_QUERIES,
        Mistake(kit.MASK_INVERTED, like=masker(inverted=True)),
        Mistake("causal mask without the diagonal (j < p): a query may attend its own key", like=masker(strict_causal=True)),
        Mistake(kit.WINDOW_OFF_BY_ONE, like=masker(widen=1),
                hint="Count the keys query i sees: with p - window < j <= p there are exactly `window` of them, "
                     "the query's own included. window=1 must leave each query only itself."),
        Mistake(kit.WINDOW_OFF_BY_ONE, like=masker(widen=-1)),
        Mistake("window ignored: with a window a query sees only keys j > p - window", like=masker(no_window=True)),
        Mistake("no head axis: the mask is (B, 1, S_q, S_k), the 1 broadcasting over the heads",
                like=masker(no_head_dim=True)),
    ],
    grad=False,
    loops=Loops(small=mask_case(left_padded(2, 4, [4, 2]), 4, True, 2),
                large=mask_case(left_padded(5, 9, [9, 2, 5, 7, 1]), 9, True, 2),
                over="the batch, the queries and the keys"),
)

ADDITIVE = Entry(
    "additive_mask",
    inputs=additive_inputs,
    examples=[
        Case(args=(torch.tensor([[[[False, True, True, False, False], [False, False, True, True, False],
                                   [False, False, False, True, True]]]]), torch.float16), label="the prompt's example"),
        Case(args=(bool_mask(1, 2, 1, 3, 4), torch.float32)),
        Case(args=(bool_mask(2, 2, 1, 4, 4), torch.bfloat16)),
        Case(args=(bool_mask(3, 3, 5), torch.float64)),
        Case(args=(torch.tensor([[True, True, False], [False, False, False]]), torch.float16),
             label="a row with every key hidden"),
        Case(args=(torch.ones(2, 1, 2, 2, dtype=torch.bool), torch.float32), label="nothing hidden"),
    ],
    invariants=[Invariant("no NaN, even in fully hidden rows", additive_never_nan, live=False)],
    mistakes=[
        Mistake(MINUS_1E9, like=additive(multiply=-1e9),
                error=r"cannot be converted to type \S*Half without overflow",
                hint="torch.finfo(dtype).min is the most negative finite number of each dtype: -65504 in float16, "
                     "about -3.4e38 in float32 and bfloat16."),
        Mistake(MINUS_1E9, like=additive(fill=-1e9)),
        Mistake(MINUS_INF, like=additive(fill=float("-inf"))),
        Mistake("(1 - mask) * -inf is NaN where mask is True (0 * -inf): fill the hidden places instead "
                "(masked_fill or torch.where)", like=additive(multiply=float("-inf"))),
        Mistake("finfo of float32 used whatever the dtype: cast to float16 or bfloat16 it overflows to -inf, and "
                "float64's minimum is far lower: torch.finfo(dtype).min", like=additive(finfo_of=torch.float32)),
        Mistake("polarity inverted: True means may attend, so 0 where mask is True and finfo.min where it is False",
                like=additive(inverted=True)),
        Mistake("dtype ignored: the additive mask is made in the dtype asked for", like=additive(dtype_ignored=True)),
        Mistake("the caller's mask changed in place (logical_not_, masked_fill_ on it): make a new tensor",
                check="inputs unchanged"),
    ],
    grad=False,
)

DRILL = Drill(entries=[MASK, ADDITIVE])
