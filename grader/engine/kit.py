"""The kit: what declarations share. Input helpers, the invariants of drill families (rows sum to 1,
batch independence, causality, padding ignored, ...), and the parts that composed drills are built
from, with each part's classic mistakes declared once, so that a composed drill (a decoder block,
KV-cache decoding) names the mistakes of the parts it uses. Declarations import this module, never
one another."""
from __future__ import annotations

import math

import torch
from hypothesis import strategies as st

from grader import words
from grader.engine.spec import Case, Fail, Invariant, Mistake

# ---- inputs -----------------------------------------------------------------------------------


def generator(draw) -> torch.Generator:
    return torch.Generator().manual_seed(draw(st.integers(0, 2**31 - 1)))


def randn(draw, *shape, scale: float = 1.0, dtype=torch.float32) -> torch.Tensor:
    """A normal tensor from a drawn seed: Hypothesis draws the shape and seed, torch the values."""
    return (torch.randn(tuple(shape), generator=generator(draw)) * scale).to(dtype)


def seeded(seed: int, *shape, scale: float = 1.0) -> torch.Tensor:
    """A normal tensor from a fixed seed, for explicit examples and speed cases."""
    return torch.randn(tuple(shape), generator=torch.Generator().manual_seed(seed)) * scale


def random_mask(draw, *shape, keep_first: bool = True) -> torch.Tensor:
    """A boolean padding-style mask; with keep_first, position 0 is always True."""
    m = torch.rand(*shape, generator=generator(draw)) < 0.7
    if keep_first:
        m[..., 0] = True
    return m


def positions(draw, n: int, limit: int = 4096) -> torch.Tensor:
    """n token positions, not always contiguous nor starting at 0: a cache offset, gaps, repeats."""
    kind = draw(st.sampled_from(["from 0", "offset", "gaps", "shuffled"]))
    g = generator(draw)
    if kind == "from 0":
        return torch.arange(n)
    if kind == "offset":
        return torch.arange(n) + draw(st.integers(1, limit - n))
    if kind == "gaps":
        return torch.randint(0, limit, (n,), generator=g).sort().values
    return torch.randperm(max(n, 8), generator=g)[:n] * draw(st.integers(1, 50))


def with_arg(case: Case, index_or_key, value) -> Case:
    """The case with one argument replaced (by position or keyword)."""
    args, kwargs = list(case.args), dict(case.kwargs)
    if isinstance(index_or_key, int):
        args[index_or_key] = value
    else:
        kwargs[index_or_key] = value
    return Case(args=tuple(args), kwargs=kwargs, init=case.init, label=case.label, scale=case.scale,
                seed=case.seed)


def arg(case: Case, index_or_key):
    return case.args[index_or_key] if isinstance(index_or_key, int) else case.kwargs[index_or_key]


# ---- invariants shared by families -------------------------------------------------------------

def _tensor(out, what: str | None = None) -> torch.Tensor:
    if not isinstance(out, torch.Tensor):
        raise Fail(words.say("kit.kit.not_a_tensor", what=what or words.say("kit.kit.the_output"),
                             got=type(out).__name__))
    return out.detach()


def rows_sum_to_one(dim_key="dim", default=-1) -> Invariant:
    """Slices along `dim` (a keyword of the case) sum to 1."""
    def check(call, case):
        dim = case.kwargs.get(dim_key, default)
        total = _tensor(call(case)).double().sum(dim)
        if not torch.allclose(total, torch.ones_like(total), atol=1e-4):
            raise Fail(words.say("kit.kit.rows_sum", dim=dim, sums=total.flatten()[:4].tolist()))
    return Invariant("rows sum to 1", check, live=False)


def shift_invariance(arg_at=0, dim_key="dim", default=-1, shift=50.0) -> Invariant:
    """Adding a constant along `dim` changes nothing (softmax-like functions)."""
    def check(call, case):
        x = arg(case, arg_at)
        a = _tensor(call(case))
        b = _tensor(call(with_arg(case, arg_at, x + shift)))
        tol = 1e-5 * max(1.0, case.scale)
        if a.shape != b.shape or not torch.allclose(a, b, atol=tol, rtol=1e-4):
            raise Fail(words.say("kit.kit.shift_changed", shift=f"{shift:g}", by=f"{(a - b).abs().max().item():.2g}")
                       if a.shape == b.shape else words.say("kit.kit.shift_changed_shape"))
    return Invariant("shift invariance", check, live=False)


def graded(call, case: Case, out) -> torch.Tensor:
    """A bool mask of out's shape: the elements the drill grades on this call (the entry's `graded`
    mask, as the values check applies it), every element where the drill grades them all."""
    mask = call.graded(case) if hasattr(call, "graded") else None
    if isinstance(mask, torch.Tensor) and isinstance(out, torch.Tensor) and mask.shape == out.shape:
        return mask.cpu()
    return torch.ones(out.shape if isinstance(out, torch.Tensor) else (), dtype=torch.bool)


def batch_independence(arg_at=0, batch_dim=0, out_dim=0, name="batch independence") -> Invariant:
    """Changing batch element 0 of one input leaves the graded outputs of the other batch elements alone."""
    def check(call, case):
        x = arg(case, arg_at)
        if x.dim() <= batch_dim or x.shape[batch_dim] < 2:
            return
        other = x.clone()
        other.select(batch_dim, 0).mul_(-3.0).add_(1.0)
        changed = with_arg(case, arg_at, other)
        a, b = call(case), call(changed)
        rows = graded(call, case, a) & graded(call, changed, b) if isinstance(a, torch.Tensor) else None
        for s, t in zip(_flat(a), _flat(b)):
            if s.dim() > out_dim and s.shape[out_dim] == x.shape[batch_dim]:
                keep = rows.narrow(out_dim, 1, s.shape[out_dim] - 1) if rows is not None and rows.shape == s.shape \
                    else torch.ones((), dtype=torch.bool)
                s, t = s.narrow(out_dim, 1, s.shape[out_dim] - 1), t.narrow(out_dim, 1, t.shape[out_dim] - 1)
                if not _same_where(s, t, keep.expand(s.shape), 1e-5 * max(1.0, case.scale)):
                    raise Fail(words.say("kit.kit.batch_changed"))
    return Invariant(name, check, live=False)


def _flat(out):
    if isinstance(out, torch.Tensor):
        return [out.detach()]
    if isinstance(out, (list, tuple)):
        return [t for o in out for t in _flat(o)]
    if isinstance(out, dict):
        return [t for o in out.values() for t in _flat(o)]
    return []


def elementwise(arg_at=0) -> Invariant:
    """Changing one element of the input changes no other element of the output."""
    def check(call, case):
        x = arg(case, arg_at)
        if x.numel() < 2:
            return
        changed = x.clone()
        changed.view(-1)[0] += 1.0
        a = _tensor(call(case)).reshape(-1)[1:]
        b = _tensor(call(with_arg(case, arg_at, changed))).reshape(-1)[1:]
        if not ((a == b) | (a.isnan() & b.isnan())).all():
            raise Fail(words.say("kit.kit.elementwise_changed"))
    return Invariant("elementwise", check, live=False)


# ---- sequence models: (B, S, d_model) in, (B, S, d_model) out ----------------------------------

def _tokens_changed(case: Case, rows: torch.Tensor, arg_at=0) -> Case:
    x = arg(case, arg_at)
    return with_arg(case, arg_at, torch.where(rows[..., None], -2.0 * x + 1.0, x))


def causality(arg_at=0, causal_key: str | None = "causal") -> Invariant:
    """With causal attention, changing later tokens leaves the graded outputs of earlier ones alone
    (a query left with no key, by padding, is not graded)."""
    def check(call, case):
        x = arg(case, arg_at)
        B, S = x.shape[:2]
        if S < 2:
            return
        p = S // 2
        if causal_key:
            case = Case(args=case.args, kwargs=case.kwargs | {causal_key: True}, init=case.init, seed=case.seed,
                        scale=case.scale, label=case.label)
        later = torch.zeros(B, S, dtype=torch.bool)
        later[:, p:] = True
        a, b = _tensor(call(case)), _tensor(call(_tokens_changed(case, later, arg_at)))
        rows = graded(call, case, a).clone()
        rows[:, p:] = False
        if not _same_where(a, b, rows, 1e-5 * max(1.0, case.scale)):
            raise Fail(words.say("kit.kit.causality_changed", later=f"{p}..{S - 1}", earlier=f"0..{p - 1}"),
                       case=case)
    return Invariant("causality", check, live=False)


def padding_ignored(arg_at=0, mask_key="mask") -> Invariant:
    """Changing padding tokens (mask False) leaves the graded outputs of real tokens alone."""
    def check(call, case):
        mask = case.kwargs.get(mask_key)
        if mask is None or mask.all():
            return
        a, b = _tensor(call(case)), _tensor(call(_tokens_changed(case, ~mask, arg_at)))
        rows = graded(call, case, a) & mask.cpu().reshape(*mask.shape, *[1] * (a.dim() - mask.dim()))
        if not _same_where(a, b, rows, 1e-5 * max(1.0, case.scale)):
            raise Fail(words.say("kit.kit.padding_changed"), mistake=PADDING_ON_QUERIES.name if _queries_masked(a, mask) else "")
    return Invariant("padding ignored", check, live=False)


def _queries_masked(out, mask) -> bool:
    return bool(out[~mask].isnan().any() or (out[~mask] == 0).all())


def padded_queries_graded(case: Case, expected: torch.Tensor, causal_key="causal", mask_key="mask"):
    """Queries that may attend no key at all (causal, left padding) are not graded."""
    x = case.args[0]
    B, S = x.shape[:2]
    keep = torch.ones(B, S, S, dtype=torch.bool)
    if case.kwargs.get(causal_key):
        keep = keep.tril()
    if case.kwargs.get(mask_key) is not None:
        keep = keep & case.kwargs[mask_key].cpu()[:, None, :]
    return keep.any(-1, keepdim=True).expand_as(expected)


# ---- attention parts and their classic mistakes ---------------------------------------------------

def cosine_betas(T: int, s: float = 0.008, max_beta: float = 0.999) -> torch.Tensor:
    """The cosine noise schedule (Nichol & Dhariwal): beta_t = min(1 - f(t+1)/f(t), max_beta) with
    f(t) = cos((t/T + s)/(1 + s) · π/2)², in float64 (the diffusion drills' schedules)."""
    f = [math.cos((i / T + s) / (1 + s) * math.pi / 2) ** 2 for i in range(T + 1)]
    return torch.tensor([min(1 - f[i + 1] / f[i], max_beta) for i in range(T)], dtype=torch.float64)


# ---- family rules: each named once, declared by the drills of the family in one word --------------

SOFTMAX_BANNED = ["torch.softmax", "torch.nn.functional.softmax", "torch.Tensor.softmax", "torch.special.softmax",
                  "torch._softmax", "torch.log_softmax", "torch.nn.functional.log_softmax", "torch.Tensor.log_softmax",
                  "torch.special.log_softmax", "torch._log_softmax", "torch.nn.Softmax", "torch.nn.LogSoftmax",
                  "torch.nn.functional.softmin", "torch.nn.Softmin"]      # the softmax family, log and min included
LOGSUMEXP_BANNED = ["torch.logsumexp", "torch.Tensor.logsumexp", "torch.special.logsumexp"]
IN_PLACE = Mistake("an input modified in place: work on new tensors", check="inputs unchanged")

ATTENTION_BANNED = ["torch.nn.functional.scaled_dot_product_attention", "torch._scaled_dot_product_attention_math",
                    "torch._scaled_dot_product_flash_attention_for_cpu", "torch._scaled_dot_product_flash_attention",
                    "torch._scaled_dot_product_efficient_attention", "torch._native_multi_head_attention",
                    "torch.nn.functional.multi_head_attention_forward", "torch.nn.MultiheadAttention",
                    "torch.ops.aten._scaled_dot_product_flash_attention_for_cpu",
                    "torch.ops.aten._scaled_dot_product_efficient_attention"]

FLOAT_HEAD_DIM = Mistake("head_dim computed with / (a float): use d_model // n_heads",
                         error=r"tuple of ints, ?but (got|found element of type) float|must be (int|tuple of ints), "
                               r"not float|'float' object cannot be interpreted as an integer|"
                               r"empty\(\) received an invalid combination of arguments",
                         hint="d_model / n_heads is a float in Python 3, and view() needs ints: write "
                              "head_dim = d_model // n_heads.")
SCALED_BY_D_MODEL = "scores scaled by 1/sqrt(d_model) instead of 1/sqrt(head_dim)"
MASK_INVERTED = "mask polarity inverted: True means a real token, hide the keys where the mask is False"
PADDING_ON_QUERIES = Mistake("padding mask applied to the queries instead of the keys",
                             hint="Padding hides KEYS: broadcast the (B, S) mask as mask[:, None, None, :] "
                                  "against the (B, H, S_q, S_k) scores, so the last axis (keys) is masked.")
KV_HEAD_MODULO = ("query head h reads kv head h % n_kv_heads (repeat / tile) instead of h // (n_heads // "
                  "n_kv_heads) (repeat_interleave)")
ROPE_INTERLEAVED = "RoPE pairs interleaved dims (2i, 2i+1); rotate-half pairs dim i with i + D/2"
SWIGLU_WRONG_BRANCH = "SwiGLU's SiLU applied to the up branch instead of the gate: down(silu(gate(x)) * up(x))"


def attend(q, k, v, keep=None, scale=None, softmax_dim=-1, weights_dropout=None):
    """softmax(q kᵀ · scale, masked where keep is False) v, the attention core of every part."""
    scale = q.shape[-1] ** -0.5 if scale is None else scale
    scores = q @ k.transpose(-2, -1) * scale
    if keep is not None:
        scores = scores.masked_fill(~keep, float("-inf"))
    weights = torch.softmax(scores, dim=softmax_dim)
    if weights_dropout is not None:
        weights = weights_dropout(weights)
    return weights @ v


def causal_keep(s_q: int, s_k: int, device=None) -> torch.Tensor:
    """(S_q, S_k) bool: query i may attend key j iff j <= i + S_k - S_q (bottom-right aligned)."""
    return torch.ones(s_q, s_k, dtype=torch.bool, device=device).tril(s_k - s_q)


def repeat_kv(t: torch.Tensor, n_heads: int, tile: bool = False) -> torch.Tensor:
    """(B, n_kv, S, hd) -> (B, n_heads, S, hd): query head h reads kv head h // g, or h % n_kv when tiled
    (the classic mistake)."""
    g = n_heads // t.shape[1]
    return t.repeat(1, g, 1, 1) if tile else t.repeat_interleave(g, dim=1)


def rope(x: torch.Tensor, positions: torch.Tensor, theta: float = 10000.0, interleaved: bool = False):
    """Rotary embedding of x (..., S, D) at positions (S,): rotate-half pairs (i, i + D/2), or the
    classic mistake's interleaved pairs (2i, 2i+1)."""
    D = x.shape[-1]
    freqs = theta ** (-torch.arange(0, D, 2, dtype=torch.float32, device=x.device) / D)
    angles = positions.to(device=x.device, dtype=torch.float32)[:, None] * freqs        # (S, D/2)
    cos, sin = angles.cos().to(x.dtype), angles.sin().to(x.dtype)
    if interleaved:
        x1, x2 = x[..., 0::2], x[..., 1::2]
        out = torch.stack([x1 * cos - x2 * sin, x1 * sin + x2 * cos], dim=-1)
        return out.flatten(-2)
    x1, x2 = x[..., : D // 2], x[..., D // 2:]
    return torch.cat([x1 * cos - x2 * sin, x2 * cos + x1 * sin], dim=-1)


def rmsnorm(x, weight, eps=1e-6):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * weight


def swiglu(x, gate_weight, up_weight, down_weight, wrong_branch: bool = False):
    gate, up = x @ gate_weight.T, x @ up_weight.T
    if wrong_branch:
        gate, up = up, gate
    return (torch.nn.functional.silu(gate) * up) @ down_weight.T


class Attention(torch.nn.Module):
    """Self-attention written as a learner would, with at most one classic mistake switched on. The
    attention drills (self_attention, mha, mqa, gqa) name their mistakes by comparing with this module;
    its parameters are theirs: q_proj, k_proj, v_proj, o_proj (nn.Linear) and a dropout.

    mistake: "d_model scale", "unscaled", "mask inverted", "mask on queries", "kv tiled",
             "dropout after v", "softmax over queries", "no max", "heads not transposed"."""

    def __init__(self, d_model, n_heads=1, n_kv_heads=None, dropout=0.0, *, bias=True, mistake=""):
        super().__init__()
        self.n_heads, self.n_kv, self.hd = n_heads, n_kv_heads or n_heads, d_model // n_heads
        self.d_model, self.mistake = d_model, mistake
        self.q_proj = torch.nn.Linear(d_model, n_heads * self.hd, bias=bias)
        self.k_proj = torch.nn.Linear(d_model, self.n_kv * self.hd, bias=bias)
        self.v_proj = torch.nn.Linear(d_model, self.n_kv * self.hd, bias=bias)
        self.o_proj = torch.nn.Linear(n_heads * self.hd, d_model, bias=bias)
        self.dropout = torch.nn.Dropout(dropout)

    def forward(self, x, mask=None, causal=False):
        B, S, _ = x.shape
        H, hd, m = self.n_heads, self.hd, self.mistake
        q = self.q_proj(x).view(B, S, H, hd).transpose(1, 2)
        k = repeat_kv(self.k_proj(x).view(B, S, self.n_kv, hd).transpose(1, 2), H, tile=m == "kv tiled")
        v = repeat_kv(self.v_proj(x).view(B, S, self.n_kv, hd).transpose(1, 2), H, tile=m == "kv tiled")
        scale = {"d_model scale": self.d_model ** -0.5, "unscaled": 1.0}.get(m, hd ** -0.5)
        scores = q @ k.transpose(-2, -1) * scale
        keep = torch.ones(S, S, dtype=torch.bool, device=x.device)
        if causal:
            keep = keep.tril()
        if mask is not None and m != "mask on queries":
            keep = keep & (~mask if m == "mask inverted" else mask)[:, None, None, :]
        scores = scores.masked_fill(~keep, float("-inf"))
        if m == "no max":
            e = scores.exp()
            weights = e / e.sum(-1, keepdim=True)
        else:
            weights = torch.softmax(scores, dim=-2 if m == "softmax over queries" else -1)
        if m != "dropout after v":
            weights = self.dropout(weights)
        out = weights @ v
        if m == "dropout after v":
            out = self.dropout(out)
        if m != "heads not transposed":
            out = out.transpose(1, 2)
        out = self.o_proj(out.reshape(B, S, H * hd))
        if m == "mask on queries" and mask is not None:
            out = out.masked_fill(~mask[..., None], float("nan"))
        return out


DROPOUT_AFTER_V = Mistake("dropout applied after multiplying by V (it belongs on the attention weights)",
                          hint="weights = dropout(softmax(scores)); out = weights @ v — dropout acts on the "
                               "attention weights, before they multiply V.")
NO_TRAIN_DROPOUT = Mistake("no dropout in train() mode (nn.Dropout created but not applied, or applied before "
                           "the softmax)")
DROPOUT_NOT_INVERTED = Mistake("dropout survivors not scaled by 1/(1-p) (inverted dropout)")


def attention_dropout(init, heads, p: float = 0.5) -> Invariant:
    """In train() mode dropout acts on the attention weights, before they multiply V, and is inverted.

    With q_proj = 0 every query attends uniformly over the S keys; with v_proj's weight 0 and its
    bias u every value is u; with o_proj the identity, query i of head h outputs c · u on its head's
    features, c = (kept keys) / (S (1 - p)). Dropout after weights @ v instead zeroes single features,
    so output rows stop being multiples of u within a head. Nothing depends on how the random numbers
    are drawn. init(d_model, p) is the module's init; heads(init) its number of query heads."""
    D, S, B = 8, 8, 64
    u = 1.0 + torch.arange(D) / D                    # no zero feature: out / u is defined

    def identity(weights):
        for name in ("q_proj.weight", "q_proj.bias", "v_proj.weight", "o_proj.bias"):
            if name in weights:
                weights[name].zero_()
        weights["v_proj.bias"].copy_(u[:weights["v_proj.bias"].shape[0]].repeat(1))
        weights["o_proj.weight"].copy_(torch.eye(D))

    def check(call, case):
        built = init(D, p)
        H = heads(built)
        torch.manual_seed(0)
        with torch.no_grad():
            out = _tensor(call(Case(args=(seeded(1, B, S, D),), init=built), state=identity, train=True))
        ratio = (out / u).reshape(B, S, H, D // H)
        spread = ratio.amax(-1) - ratio.amin(-1)                # (B, S, H): within each head
        if spread.max() > 1e-4:
            raise Fail(words.say("kit.kit.dropout_features", p=p), mistake=DROPOUT_AFTER_V.name)
        c = ratio[..., 0]                                       # (B, S, H): each query's sum of weights
        if torch.allclose(c, torch.ones_like(c)):
            raise Fail(words.say("kit.kit.dropout_none", p=p), mistake=NO_TRAIN_DROPOUT.name)

        def whole(k):
            return (k - k.round()).abs().max() <= 1e-3
        if whole(c * S * (1 - p)) and abs(c.mean().item() - 1) <= 0.1:
            return
        if whole(c * S):
            raise Fail(words.say("kit.kit.dropout_not_inverted", p=p, keys=S), mistake=DROPOUT_NOT_INVERTED.name)
        raise Fail(words.say("kit.kit.dropout_sums", p=p, keys=S, sums=c.flatten()[:4].tolist()))
    return Invariant("dropout in train()", check, drawn=False)


def gelu_tanh(x):
    return 0.5 * x * (1 + torch.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))


# ---- optimisers: several steps from an empty state ----------------------------------------------

OPTIMISER_BANNED = ["torch.optim", "torch.ops.aten._fused_adamw_", "torch.ops.aten._fused_adam_",
                    "torch.ops.aten._fused_sgd_"]


def snapshot(tree):
    """A copy of a state (dicts, lists, tensors, numbers) as it is now."""
    if isinstance(tree, torch.Tensor):
        return tree.detach().clone()
    if isinstance(tree, dict):
        return {k: snapshot(v) for k, v in tree.items()}
    if isinstance(tree, (list, tuple)):
        return type(tree)(snapshot(v) for v in tree)
    return tree


def optimiser_steps(step, case: Case, with_state: bool = True):
    """Take one step per entry of case.kwargs["grads_per_step"], from an empty state, on fresh copies
    of case.kwargs["params"] (leaves that require grad, like nn.Parameters): the step must update these
    very tensors. Compared step by step: the params after it, and the state."""
    from grader.engine.spec import Trace
    kwargs = dict(case.kwargs)
    params = [p.detach().clone().requires_grad_() for p in kwargs.pop("params")]
    state, trace = {}, Trace()
    steps = kwargs.pop("grads_per_step")
    for i, grads in enumerate(steps, 1):
        step(list(params), list(grads), state, **kwargs)
        out = {"params": [p.detach().clone() for p in params]}
        if with_state:
            out["state"] = snapshot(state)
        trace.step(f"after call {i} of {len(steps)}", out)
    return trace


def optimiser_case(params, grads_per_step, label="", **kwargs) -> Case:
    steps = len(grads_per_step)
    what = f"{steps} call{'s' * (steps > 1)} from an empty state"
    scale = max([p.abs().max().item() for p in params if p.numel()] + [1.0])
    return Case(kwargs={"params": params, "grads_per_step": grads_per_step, **kwargs}, scale=scale,
                label=f"{label}; {what}" if label else what)


def params_and_grads(draw, grad_scales):
    g = generator(draw)
    shapes = [[draw(st.integers(1, 4)) for _ in range(draw(st.integers(0, 2)))] for _ in range(draw(st.integers(1, 3)))]
    params = [torch.randn(s, generator=g) for s in shapes]
    scale = draw(st.sampled_from(grad_scales))
    steps = [[torch.randn(s, generator=g) * scale for s in shapes] for _ in range(draw(st.integers(1, 4)))]
    return params, steps


def optimiser_loops(make, rows_small=3, rows_large=9):
    """Loops for an optimiser: the same parameter list, with more rows in each tensor;
    make(params, grads_per_step) builds the drill's case."""
    from grader.engine.spec import Loops

    def case(rows, seed):
        params = [seeded(seed, rows, 8), seeded(seed + 1, rows)]
        return make(params, [[seeded(seed + 2, rows, 8), seeded(seed + 3, rows)]] * 2)
    return Loops(small=case(rows_small, 1), large=case(rows_large, 5), over="the rows of a parameter")


# ---- one vector per row of the last dim: norms, position-wise layers ------------------------------

def independent_rows(name: str, reason: str, arg_at=0) -> Invariant:
    """Changing the first vector along the last dim of an (..., d) input leaves the outputs of the
    other vectors alone (a 1-D input is one vector: nothing to compare)."""
    return _independent_rows(name, lambda: reason, arg_at)


def _independent_rows(name: str, reason, arg_at=0) -> Invariant:
    """independent_rows, its reason said when a check fails (reason() in the grading's language)."""
    def check(call, case):
        x = arg(case, arg_at)
        if x.dim() < 2 or x[..., 0].numel() < 2:
            return
        other = x.clone()
        other.view(-1, x.shape[-1])[0].mul_(-3.0).add_(1.0)
        a, b = _tensor(call(case)), _tensor(call(with_arg(case, arg_at, other)))
        if a.shape != b.shape or a.dim() < 1:
            raise Fail(words.say("kit.kit.shapes_differ", a=tuple(a.shape), b=tuple(b.shape)))
        a, b = a.reshape(-1, a.shape[-1])[1:], b.reshape(-1, b.shape[-1])[1:]
        if not torch.allclose(a, b, atol=1e-5 * max(1.0, case.scale), rtol=1e-4, equal_nan=True):
            raise Fail(words.say("kit.kit.vector_changed", by=f"{(a - b).abs().max().item():.2g}",
                                 reason=words.own(reason())))
    return Invariant(name, check, live=False)


def vectors_independent(arg_at=0) -> Invariant:
    return _independent_rows("vectors normalised independently", lambda: words.say("kit.kit.each_vector"), arg_at)


def tokens_independent(arg_at=0) -> Invariant:
    return _independent_rows("tokens independent", lambda: words.say("kit.kit.each_token"), arg_at)


# ---- positions and blocks: RoPE's tolerance ------------------------------------------------------

def position_scale(positions: torch.Tensor) -> float:
    """How much RoPE's float32 angles may differ between correct formulations at these positions:
    position × frequency is rounded to ~1e-7 relative, so a rotated feature may be off by about
    1e-7 × position (|x| of 1): ~5e-3 near position 4096. An absolute tolerance grows with it."""
    top = float(positions.abs().max()) if positions.numel() else 0.0
    return max(1.0, top / 8)


# ---- decoding: filters that keep some logits of each row and set the others to -inf ------------

def filtered(call, case: Case, arg_at=0) -> tuple[torch.Tensor, torch.Tensor]:
    """(logits, the filter's output on them), the output checked to be a tensor of their shape."""
    logits, out = arg(case, arg_at), call(case)
    if not isinstance(out, torch.Tensor) or out.shape != logits.shape:
        raise Fail(words.say("kit.kit.not_logits_shape", shape=tuple(logits.shape),
                             got=tuple(out.shape) if isinstance(out, torch.Tensor) else type(out).__name__))
    return logits, out.detach()


def kept_or_minus_inf(arg_at=0) -> Invariant:
    """Each output entry is its input logit (kept) or -inf (removed): nothing else changes."""
    def check(call, case):
        logits, out = filtered(call, case, arg_at)
        bad = ~((out == logits) | (out == -math.inf))
        if bad.any():
            idx = tuple(bad.nonzero()[0].tolist())
            raise Fail(words.say("kit.kit.not_kept_or_inf", at=list(idx), value=f"{out[idx].item():.4g}",
                                 logit=f"{logits[idx].item():.4g}"))
    return Invariant("kept logits unchanged, the rest -inf", check, live=False)


def keeps_most_likely(name: str, advice: str, arg_at=0) -> Invariant:
    """No removed token has a larger logit than a kept one of its row."""
    def check(call, case):
        logits, out = filtered(call, case, arg_at)
        kept = out > -math.inf
        lowest_kept = logits.masked_fill(~kept, math.inf).amin(-1)
        highest_removed = logits.masked_fill(kept, -math.inf).amax(-1)
        bad = highest_removed > lowest_kept
        if bad.any():
            row = bad.nonzero()[0].tolist()
            raise Fail(words.say("kit.kit.less_likely_kept", row=row, removed=f"{highest_removed[tuple(row)].item():.4g}",
                                 kept=f"{lowest_kept[tuple(row)].item():.4g}", advice=words.own(advice)))
    return Invariant(name, check, live=False)


def rows_filtered_independently(arg_at=0) -> Invariant:
    """Changing the logits of row 0 leaves the output of the other rows exactly as it was."""
    def check(call, case):
        logits = arg(case, arg_at)
        if logits.dim() < 2 or logits.shape[0] < 2:
            return
        other = logits.clone()
        other[0] = -2 * other[0]
        a, b = filtered(call, case, arg_at)[1], filtered(call, with_arg(case, arg_at, other), arg_at)[1]
        if not torch.equal(a[1:], b[1:]):
            raise Fail(words.say("kit.kit.row_filter_changed"))
    return Invariant("rows filtered independently", check, live=False)


def log_probs(*probs) -> torch.Tensor:
    """Logits whose softmax is exactly `probs` (a distribution written out by hand)."""
    return torch.tensor(probs).log()


DRAWS = 1000    # draws of each row in a sampled case


def draws_of_rows(logits: torch.Tensor, arg, label: str, **kwargs) -> Case:
    """A sampler's case that draws DRAWS times from each row of logits (R, V): the logits expanded to
    (DRAWS, R, V), then the filter's argument (k, p), the keywords given (temperature)."""
    return Case(args=(logits.expand(DRAWS, *logits.shape).clone(), arg), kwargs=kwargs,
                label=f"{DRAWS} draws of each row: {label}")


def filter_sampler(filter_fn, mistake=""):
    """sample(logits, arg, temperature=1.0, generator=None) drawing from softmax(filter_fn(logits /
    temperature, arg)), written as a learner would, with at most one classic mistake switched on:
    "temperature after" (filtering), "temperature multiplied", "temperature ignored", "greedy",
    "uniform" (over the kept tokens)."""
    def sample(logits, arg, temperature=1.0, generator=None):
        scaled = {"temperature multiplied": logits * temperature, "temperature after": logits,
                  "temperature ignored": logits}.get(mistake, logits / temperature)
        kept = filter_fn(scaled, arg)
        if mistake == "temperature after":
            kept = kept / temperature
        if mistake == "greedy":
            return kept.argmax(-1)
        probs = torch.isfinite(kept).double() if mistake == "uniform" else torch.softmax(kept, -1)
        ids = torch.multinomial(probs.reshape(-1, logits.shape[-1]), 1, generator=generator)
        return ids.view(logits.shape[:-1])
    return sample


# ---- wave 2, training and post-training: work that must stay small ------------------------------

def largest_intermediate(fn) -> tuple[int, str]:
    """(elements, operator) of the largest tensor any non-view operation makes while fn() runs: for
    rules about which intermediate a component may build (Muon's Gram matrix on the small side)."""
    from grader.engine.guards import LargestIntermediate
    watch = LargestIntermediate()
    with watch:
        fn()
    return watch.largest, watch.op

# ---- attention family: functions of (..., S_q, D) queries, head merging --------------------------
# (attention, flash_attention; mqa, gqa and self_attention use the Attention part above)

HEADS_NOT_TRANSPOSED = ("heads merged without moving them back: (B, H, S, head_dim) must be transposed to "
                        "(B, S, H, head_dim) before the reshape to (B, S, H * head_dim)")


def block_of_scores(case: Case) -> int:
    """FlashAttention's memory bound (forward and backward): one block of scores, B·H·S_q·block_size
    elements, for a case whose first argument is q (B, H, S_q, D) and which has block_size."""
    B, H, S_q, _ = case.args[0].shape
    return B * H * S_q * case.kwargs["block_size"]


def allowed_keys(case: Case, mask_key="mask", causal_key="causal") -> torch.Tensor:
    """(..., S_q, S_k) bool for q, k = case.args[:2]: which keys each query may attend, the
    bottom-right causal rule and the (broadcastable) mask together; leading dims as the mask has."""
    s_q, s_k = case.args[0].shape[-2], case.args[1].shape[-2]
    keep = causal_keep(s_q, s_k) if case.kwargs.get(causal_key) else torch.ones(s_q, s_k, dtype=torch.bool)
    mask = case.kwargs.get(mask_key)
    return keep if mask is None else keep & mask.cpu()


def queries_with_keys_graded(case: Case, expected: torch.Tensor) -> torch.Tensor:
    """Queries that may attend no key at all (all masked, or before the first key when causal and
    S_q > S_k) are not graded."""
    return allowed_keys(case).any(-1, keepdim=True).expand(expected.shape)


def _same_where(a, b, rows, tol) -> bool:
    if a.shape != b.shape:
        return False
    close = torch.isclose(a, b, rtol=1e-4, atol=tol, equal_nan=True)
    return bool(close[rows].all())


def bottom_right_causality(name="causality") -> Invariant:
    """q, k, v = case.args[:3]: with causal=True, changing the keys and values that queries 0..t-1
    may not see (j > i + S_k - S_q) leaves those queries' outputs alone."""
    def check(call, case):
        q, k, v = case.args[:3]
        s_q, s_k = q.shape[-2], k.shape[-2]
        t = max(s_q // 2, 1 + s_q - s_k)      # query t - 1 sees at least key 0 ...
        p = s_k - s_q + t                     # ... and not key p
        if t == 0 or t >= s_q:
            return                            # every query sees every key, or S_k = 1
        causal = Case(args=case.args, kwargs=case.kwargs | {"causal": True}, scale=case.scale, label=case.label)
        later = list(case.args)
        for i in (1, 2):
            later[i] = later[i].clone()
            later[i][..., p:, :] = -2.0 * later[i][..., p:, :] + 1.0
        a = _tensor(call(causal))
        b = _tensor(call(Case(args=tuple(later), kwargs=causal.kwargs, scale=case.scale)))
        rows = queries_with_keys_graded(causal, a).clone()
        rows[..., t:, :] = False
        if not _same_where(a, b, rows, 1e-5 * max(1.0, case.scale)):
            raise Fail(words.say("kit.kit.bottom_right_changed", s_q=s_q, s_k=s_k, later=f"{p}..{s_k - 1}",
                                 earlier=f"0..{t - 1}", offset=s_k - s_q), case=causal)
    return Invariant(name, check, live=False)


def slices_independent(name="batch and heads independent") -> Invariant:
    """q, k, v = case.args[:3] with leading (batch, head) dims: changing q, k and v of the first
    slice leaves the outputs of every other slice alone."""
    def check(call, case):
        q = case.args[0]
        lead = q.shape[:-2]
        if math.prod(lead) < 2:
            return
        first = (0,) * len(lead)
        changed = [t.clone() for t in case.args[:3]]
        for t in changed:
            t[first] = -3.0 * t[first] + 1.0
        a = _tensor(call(case))
        b = _tensor(call(Case(args=tuple(changed) + case.args[3:], kwargs=case.kwargs, scale=case.scale)))
        rows = queries_with_keys_graded(case, a).clone()
        rows[first] = False
        if not _same_where(a, b, rows, 1e-5 * max(1.0, case.scale)):
            which = words.say("kit.kit.first_batch_head" if len(lead) > 1 else "kit.kit.first_batch")
            raise Fail(words.say("kit.kit.slice_changed", slice=list(first), which=which))
    return Invariant(name, check, live=False)

# ---- vision: sliding windows over (N, C, H, W) images (conv2d, maxpool2d) ------------------------

def window_count(size: int, kernel: int, stride: int, padding: int) -> int:
    """How many windows of `kernel` fit along a side of `size` padded by `padding` at both ends."""
    return (size + 2 * padding - kernel) // stride + 1


# F.pad's tuple is (left, right, top, bottom): the classic slips pad one side, or only the width
PADS = {"both": lambda p: (p, p, p, p), "top left": lambda p: (p, 0, p, 0),
        "bottom right": lambda p: (0, p, 0, p), "width only": lambda p: (p, p)}
PAD_ONE_SIDE = ("padding added on one side only: F.pad's tuple is (left, right, top, bottom), so p on every "
                "side is (p, p, p, p)")
PAD_WIDTH_ONLY = ("padding applied to the width only: F.pad(x, (p, p)) pads the last dim; (p, p, p, p) pads "
                  "H and W")
OUTPUT_SIZE = "output size H_out / W_out computed wrongly: H_out = (H + 2·padding - kh) // stride + 1"
# (n + p - k) // s + 1, padding counted once, cuts the same windows as padding on the top and left only
SIZES = {"no +1": lambda n, k, s, p: (n + 2 * p - k) // s,
         "padding left out": lambda n, k, s, p: (n - k) // s + 1}


def windows(x, kh: int, kw: int, stride: int, padding: int, fill: float = 0.0, pad: str = "both",
            size: str = ""):
    """(N, C, H_out, W_out, kh, kw): the windows of x padded with `fill`, as a learner may cut them:
    padded on every side ("both") or as one of PADS' slips; with `size` (a key of SIZES), H_out and
    W_out come from a wrong formula and the windows are the top-left ones (an index-based im2col),
    which raises where the formula asks for more windows than exist."""
    x = torch.nn.functional.pad(x, PADS[pad](padding), value=fill)
    w = x.unfold(2, kh, stride).unfold(3, kw, stride)
    if size:
        h_out, w_out = SIZES[size](x.shape[2] - 2 * padding, kh, stride, padding), \
            SIZES[size](x.shape[3] - 2 * padding, kw, stride, padding)
        if h_out > w.shape[2] or w_out > w.shape[3]:
            raise IndexError("index out of bounds")
        w = w[:, :, :max(h_out, 0), :max(w_out, 0)]
    return w


def window_geometry(draw, kh: int, kw: int, max_padding: int, max_stride: int = 3):
    """(H, W, stride, padding) such that at least one window of (kh, kw) fits."""
    stride = draw(st.integers(1, max_stride))
    padding = draw(st.integers(0, max_padding))
    H = draw(st.integers(max(1, kh - 2 * padding), max(1, kh - 2 * padding) + 6))
    W = draw(st.integers(max(1, kw - 2 * padding), max(1, kw - 2 * padding) + 6))
    return H, W, stride, padding


# ---- recurrent cells: single steps and sequences with the state carried (lstm_cell, gru_cell) -----

def recurrent_case(inputs, hidden_size: int, state="left out", label: str = "", seed: int = 0,
                   scale: float = 1.0) -> Case:
    """A cell built as Cell(input_size, hidden_size) run over inputs (T, B, input_size): T = 1 is
    a single step. `state` is the first step's state: left out (the default), None, or given."""
    kwargs = {"inputs": inputs} | ({} if isinstance(state, str) else {"state": state})
    return Case(kwargs=kwargs, init=(inputs.shape[-1], hidden_size), label=label, seed=seed, scale=scale)


def recurrent_steps(names=None):
    """run(cell, case, ns): the cell over case's inputs, each step fed the state the previous step
    returned, as a Trace of every step's output (a tuple shown by `names`, as {"h": ..., "c": ...})."""
    from grader.engine.spec import Trace

    def run(cell, case, ns):
        xs, given = case.kwargs["inputs"], "state" in case.kwargs
        state, trace, T = case.kwargs.get("state"), Trace(), xs.shape[0]
        for t in range(T):
            if t == 0:
                out = cell(xs[0], state) if given else cell(xs[0])
                call = "forward(inputs[0], state)" if given else "forward(inputs[0]) (state left out)"
            else:
                out = cell(xs[t], state)
                call = f"forward(inputs[{t}], the state step {t} returned)"
            # copies: a later step that changes this state in place must not change what this step returned
            kept = type(out)(o.clone() if isinstance(o, torch.Tensor) else o for o in out) \
                if isinstance(out, (tuple, list)) else out.clone() if isinstance(out, torch.Tensor) else out
            shown = dict(zip(names, kept)) if names and isinstance(kept, (tuple, list)) and len(kept) == len(names) \
                else kept
            trace.step(f"step {t + 1} of {T}: {call}", shown)
            state = out
        return trace
    return run


def recurrent_inputs(draw, state_shapes) -> Case:
    """A drawn sequence: B, input_size, hidden_size, T (1: a single step), the first state left out,
    None or given (state_shapes(B, hidden) gives the shapes of its tensors)."""
    B, I, H, T = draw(st.integers(1, 4)), draw(st.integers(1, 6)), draw(st.integers(1, 6)), draw(st.integers(1, 4))
    scale = draw(st.sampled_from([1.0, 3.0, 10.0]))
    kind = draw(st.sampled_from(["left out", "None", "given"]))
    state = "left out" if kind == "left out" else None if kind == "None" else \
        tuple(randn(draw, *s) for s in state_shapes(B, H))
    if isinstance(state, tuple) and len(state) == 1:
        state = state[0]
    return recurrent_case(randn(draw, T, B, I, scale=scale), H, state, seed=draw(st.integers(0, 2**16)))


# ---- distributed drills (ddp_allreduce, tensor_parallel_mlp, zero_optimizer) ---------------------------
# Their entries run on every rank of a real process group (Entry(ranks=...), grader/engine/distributed.py); what
# a rank does is the declaration's run, and these are the parts the three share.

from grader.engine.guards import Said  # noqa: E402


class BrokenRule(Said):
    """A rule of the prompt broken on a rank, said as it is (the engine adds the rank)."""


def world(case: Case) -> int:
    return case.kwargs["world_size"]


def collectives_made(calls) -> str:
    """'1 all_reduce', '2 all_reduce and 1 all_gather', 'none': the collectives of a rank's log."""
    counts: dict = {}
    for c in calls:
        counts[c.op] = counts.get(c.op, 0) + 1
    return " and ".join(f"{n} {op}" for op, n in counts.items()) or "none"


def shard_size(numel: int, world_size: int) -> int:
    """A rank's share of numel elements padded to a multiple of world_size."""
    return -(-numel // world_size)


def storage_elements(root, skip=()) -> int:
    """Float32 elements of the distinct storages reachable from root's attributes (lists, tuples,
    dicts and plain objects followed; a view counts as the whole tensor it views), leaving out the
    storages of the tensors in skip and tensors of at most one element (step counters)."""
    skipped = {t.untyped_storage().data_ptr() for t in skip}
    seen_objects, storages, todo = set(), {}, [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen_objects:
            continue
        seen_objects.add(id(obj))
        if isinstance(obj, torch.Tensor):
            if obj.numel() > 1:
                storage = obj.untyped_storage()
                if storage.data_ptr() not in skipped:
                    storages[storage.data_ptr()] = storage.nbytes()
            if obj.grad is not None:
                todo.append(obj.grad)
        elif isinstance(obj, dict):
            todo += list(obj.values())
        elif isinstance(obj, (list, tuple, set)):
            todo += list(obj)
        elif hasattr(obj, "__dict__") and not isinstance(obj, type) and not callable(obj) \
                and type(obj).__module__ != "torch.distributed.distributed_c10d":
            todo += list(vars(obj).values())
    return sum(storages.values()) // 4


def shared_loss(params, x, skip=()):
    """A rank's loss on its share x (b, total numel) of a batch: each parameter meets its own slice of
    features through a nonlinearity, so its gradient depends on the data; parameters in skip are
    left out. The mean over rows: with equal shares, the mean of the ranks' losses is the whole batch's."""
    loss, at = x.new_zeros(()), 0
    for i, p in enumerate(params):
        n = p.numel()
        if i not in skip:
            loss = loss + (x[:, at:at + n] @ p.reshape(-1)).tanh().pow(2).mean()
        at += n
    return loss


# ---- LLM-era attention and positions (wave 2): sliding windows, cross-attention, ALiBi, ----------
# ---- scaled RoPE, the FlashAttention backward, linear attention, selective scans -----------------

WINDOW_OFF_BY_ONE = ("sliding window off by one: query i sees exactly `window` keys, i - window + 1 .. i "
                     "(itself included)")
WINDOW_NOT_CAUSAL = ("window applied without causality: keys after the query are visible (the window ends at "
                     "the query itself)")
WINDOW_TOP_LEFT = ("positions aligned top-left: with S_q != S_k query i sits at position i + (S_k - S_q), "
                   "after the cached keys")
CAUSAL_CROSS = ("causal mask applied to cross-attention: every decoder query may attend every real encoder "
                "token; only the encoder padding hides keys")
UNSCALED = "scores not scaled by 1/sqrt(D)"
SOFTMAX_OVER_QUERIES = "softmax over the queries (dim=-2) instead of over the keys (dim=-1)"
NO_MAX = "softmax without subtracting the max (exp overflows)"


def band_keep(s_q: int, s_k: int, window: int, device=None, widen: int = 0, causal: bool = True,
              top_left: bool = False) -> torch.Tensor:
    """(S_q, S_k) bool: query i, at position p = i + S_k - S_q (bottom-right aligned), may attend key
    j iff p - window < j <= p. The classic mistakes: widen=±1 (w ± 1 keys), causal=False (the band
    reaches `window` keys past the query too), top_left (p = i)."""
    p = torch.arange(s_q, device=device)[:, None] + (0 if top_left else s_k - s_q)
    j = torch.arange(s_k, device=device)[None, :]
    keep = j > p - window - widen
    return keep & (j <= p) if causal else keep & (j < p + window + widen)


def masked_attention(q, k, v, keep, scale=None, softmax_dim=-1, subtract_max=True, bias=None):
    """softmax(q kᵀ · scale + bias, hidden where keep is False) v — written out so that mistakes of the
    softmax (axis, no max) compose with any mask."""
    scale = q.shape[-1] ** -0.5 if scale is None else scale
    scores = q @ k.transpose(-2, -1) * scale
    if bias is not None:
        scores = scores + bias
    scores = scores.masked_fill(~keep, float("-inf"))
    if subtract_max:
        return torch.softmax(scores, dim=softmax_dim) @ v
    e = scores.exp()
    return e / e.sum(-1, keepdim=True) @ v


def rows_with_keys(keep: torch.Tensor, expected: torch.Tensor) -> torch.Tensor:
    """The output rows graded: queries left with at least one key by keep (..., S_q, S_k), broadcast
    to the output (..., S_q, D)."""
    return keep.any(-1, keepdim=True).expand(expected.shape)


def qkv_slices_independent(graded, name="batch and heads independent") -> Invariant:
    """For a function of (q, k, v, ...) on (B, H, S, D) tensors: changing q, k and v of batch 0, head 0
    leaves the graded outputs of every other (batch, head) alone. graded(case, out) -> bool mask."""
    def check(call, case):
        q, k, v = case.args[:3]
        if q.shape[0] * q.shape[1] < 2:
            return
        changed = [t.clone() for t in (q, k, v)]
        for t in changed:
            t[0, 0] = -3.0 * t[0, 0] + 1.0
        a = _tensor(call(case))
        b = _tensor(call(Case(args=(*changed, *case.args[3:]), kwargs=case.kwargs, scale=case.scale)))
        rows = graded(case, a).clone()
        rows[0, 0] = False
        if a.shape != b.shape or not torch.isclose(a, b, rtol=1e-4, atol=1e-5 * max(1.0, case.scale),
                                                   equal_nan=True)[rows].all():
            raise Fail(words.say("kit.kit.qkv_changed"))
    return Invariant(name, check, live=False)


def last_key_reaches_last_query(graded, name="causality") -> Invariant:
    """For causal attention of (q, k, v, ...) aligned bottom-right: the last key is visible to the last
    query only, so changing it (and its value) leaves the graded outputs of queries 0..S_q-2 alone."""
    def check(call, case):
        q, k, v = case.args[:3]
        if q.shape[-2] < 2:
            return
        k2, v2 = k.clone(), v.clone()
        k2[..., -1, :], v2[..., -1, :] = -2.0 * k[..., -1, :] + 1.0, v[..., -1, :] + 3.0
        a = _tensor(call(case))
        b = _tensor(call(Case(args=(q, k2, v2, *case.args[3:]), kwargs=case.kwargs, scale=case.scale)))
        rows = graded(case, a).clone()
        rows[..., -1, :] = False
        if a.shape != b.shape or not torch.isclose(a, b, rtol=1e-4, atol=1e-5 * max(1.0, case.scale),
                                                   equal_nan=True)[rows].all():
            raise Fail(words.say("kit.kit.last_key_seen", position=k.shape[-2] - 1, query=q.shape[-2] - 1))
    return Invariant(name, check, live=False)


# ---- training steps and loops: an optimiser the grading can run ----------------------------------

class SGD:
    """SGD with momentum as torch.optim.SGD takes it (zero_grad sets the grads to None, a step skips a
    param without one, the first buffer is the gradient), for drills that hand the learner an optimiser.
    Written here: torch.optim's step needs torch's compiler, which the grading leaves out. record, when
    given, is told "zero_grad" and "step" as they are called."""

    def __init__(self, params, lr: float, momentum: float = 0.9, record=None):
        self.params, self.lr, self.momentum, self.record = list(params), lr, momentum, record
        self.buffers = [None] * len(self.params)

    def zero_grad(self, set_to_none: bool = True):
        if self.record:
            self.record("zero_grad")
        for p in self.params:
            p.grad = None

    def step(self):
        if self.record:
            self.record("step")
        with torch.no_grad():
            for i, p in enumerate(self.params):
                if p.grad is None:
                    continue
                buf = self.buffers[i]
                self.buffers[i] = p.grad.clone() if buf is None else buf.mul_(self.momentum).add_(p.grad)
                p.add_(self.buffers[i], alpha=-self.lr)
