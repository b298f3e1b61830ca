from hypothesis import strategies as st

import torch
from torch._subclasses.fake_tensor import FakeTensor, unset_fake_temporarily
from torch.utils._python_dispatch import TorchDispatchMode

from grader.devices import fake_module
from grader.spec import Case, Custom, Drill, Fail, Invariant, Mistake, randn, seeded
from grader.counting import same_calls, torch_calls
from reference.gqa import GroupedQueryAttention
from reference.kv_cache import KVCache  # noqa: F401  the cache the mistakes below decode with (see run)
from reference.rope import apply_rope

META = dict(title="KV-cache decoding", zh="KV缓存", topic="attention", difficulty="medium", minutes=20,
            follow_ups=[{"ask": "Your cache stores 2 · n_kv_heads · head_dim numbers per token and layer. "
                                "DeepSeek-V2 caches one small latent per token instead and rebuilds keys and "
                                "values from it: write multi-head latent attention.", "drill": "mla"}])
HINTS = [
    "KVCache: keep self.k = self.v = None; update() stores the first chunk, then "
    "torch.cat([self.k, k_new], dim=2) (time is dim 2 of (B, n_kv, T, hd)), and returns self.k, self.v.",
    "decode_step projects ONLY x_t: q (B, n_heads, 1, hd), k and v (B, n_kv, 1, hd). The earlier tokens' "
    "keys and values come back from cache.update(k, v).",
    "Rotate q and k at position pos BEFORE caching k: angles = pos * 10000 ** (-arange(0, hd, 2) / hd), "
    "repeated for both halves; rope(x) = x * cos + cat(-x2, x1) * sin. A cached key keeps the rotation "
    "of its own position, and q·k then depends only on the distance.",
    "Grouped attention over the cache: view q as (B, n_kv, g, 1, hd) and k_all as (B, n_kv, 1, T, hd) so matmul "
    "broadcasts (or repeat_interleave k_all and v_all g times on dim 1). No mask: the new token sees the "
    "whole cache. Merge heads to (B, 1, n_heads*hd) and apply o_proj.",
]


def inputs(draw) -> Case:
    n_kv, g, half = draw(st.integers(1, 2)), draw(st.integers(1, 3)), draw(st.integers(1, 3))
    B, S = draw(st.integers(1, 3)), draw(st.integers(1, 6))
    n_heads = n_kv * g
    x = randn(draw, B, S, n_heads * 2 * half)        # head_dim = 2 * half: RoPE needs it even
    return decoding(x, n_heads, n_kv, prompt=draw(st.integers(0, S - 1)), seed=draw(st.integers(0, 2**16)))


def decoding(x, n_heads, n_kv_heads, prompt=0, seed=0, scale=1.0, label=""):
    what = f"a {prompt}-token prompt through update(), then " if prompt else ""
    return Case(kwargs={"sequence": x, "n_heads": n_heads, "n_kv_heads": n_kv_heads, "prompt_len": prompt},
                seed=seed, scale=scale, label=label or f"{what}each token of `sequence` decoded in turn")


def weights(case: Case, x: torch.Tensor) -> GroupedQueryAttention:
    """The attention weights decode_step reads: the same for every run of a case, on x's device."""
    with unset_fake_temporarily():            # built as real CPU tensors even during the device emulation
        torch.manual_seed(case.seed)
        attn = GroupedQueryAttention(x.shape[-1], case.kwargs["n_heads"], case.kwargs["n_kv_heads"])
        if isinstance(x, FakeTensor):
            fake_module(attn, lambda t: x.fake_mode.from_tensor(t.detach().to("meta")))
            return attn
    return attn.to(device=x.device, dtype=x.dtype)


def prompt_kv(attn: GroupedQueryAttention, x: torch.Tensor):
    """The prompt's cache entries: keys rotated at their positions, values, (B, n_kv, P, hd)."""
    B, P, _ = x.shape
    k = attn.k_proj(x).view(B, P, attn.n_kv_heads, attn.head_dim).transpose(1, 2)
    v = attn.v_proj(x).view(B, P, attn.n_kv_heads, attn.head_dim).transpose(1, 2)
    return apply_rope(k, torch.arange(P, device=x.device)), v


def run(decode_step, case: Case):
    """Decode case's sequence step by step with the entry's own KVCache (from the same file);
    the outputs of the steps, a list of (B, 1, d_model)."""
    x, prompt = case.kwargs["sequence"], case.kwargs["prompt_len"]
    attn = weights(case, x)
    cache = decode_step.__globals__["KVCache"]()
    if prompt:
        cache.update(*prompt_kv(attn, x[:, :prompt]))
    return [decode_step(x[:, t:t + 1], attn, cache, t) for t in range(prompt, x.shape[1])]


def batch_independent(call, case):
    x = case.kwargs["sequence"]
    if x.shape[0] < 2:
        return
    other = x.clone()
    other[0] = -2.0 * other[0] + 1.0
    a, b = call(case), call(Case(kwargs=case.kwargs | {"sequence": other}, seed=case.seed))
    if not all(torch.allclose(s[1:], t[1:], atol=1e-5) for s, t in zip(a, b)):
        raise Fail("changing batch element 0 changed the outputs of the other batch elements")


# ---- custom checks -----------------------------------------------------------------------------

def update_appends(module):
    cache = module.KVCache()
    chunks = [(seeded(i, 2, 3, T, 4), seeded(10 + i, 2, 3, T, 4)) for i, T in enumerate((3, 1, 2))]
    for n, (k, v) in enumerate(chunks, 1):
        got = cache.update(k.clone(), v.clone())
        want = [torch.cat([c[j] for c in chunks[:n]], dim=2) for j in (0, 1)]
        sizes = ", ".join(str(c[0].shape[2]) for c in chunks[:n])
        if not isinstance(got, (tuple, list)) or len(got) != 2:
            raise Fail(f"update(k_new, v_new) returned {type(got).__name__}; it must return (k_all, v_all)")
        for name, g, w in zip(("k_all", "v_all"), got, want):
            if not isinstance(g, torch.Tensor) or g.shape != w.shape or not torch.equal(g, w):
                shape = tuple(g.shape) if isinstance(g, torch.Tensor) else type(g).__name__
                raise Fail(f"after update() with chunks of T = {sizes} tokens ((B, n_kv, T, hd) = (2, 3, T, 4)), "
                           f"{name} should be the chunks concatenated along dim 2, oldest first, shape "
                           f"{tuple(w.shape)}; got {shape}" + ("" if shape != tuple(w.shape) else " with other values"))


class MatmulWork(TorchDispatchMode):
    """Multiply-adds done in matrix products (mm, bmm, their add- forms, mv, dot) while active."""
    PRODUCTS = {"mm": 0, "bmm": 0, "mv": 0, "dot": 0, "addmm": 1, "baddbmm": 1, "addmv": 1}

    def __init__(self):
        super().__init__()
        self.n = 0

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        first = self.PRODUCTS.get(func.overloadpacket.__name__)
        if first is not None:
            self.n += out.numel() * args[first].shape[-1]     # each output element sums over the inner dim
        return out


def step_cost_constant(module):
    """Per step, only the work of attending over the cache may grow with the number of cached tokens;
    projecting again the keys and values of earlier tokens grows by 2·B·d_model·n_kv·hd per token."""
    B, S, H, n_kv, d_model = 2, 16, 4, 2, 64
    hd = d_model // H
    case = decoding(seeded(1, B, S, d_model), H, n_kv, seed=3)
    x, attn, cache = case.kwargs["sequence"], weights(case, case.kwargs["sequence"]), module.KVCache()
    work = []
    with torch.no_grad():
        for t in range(S):
            with MatmulWork() as counted:
                module.decode_step(x[:, t:t + 1], attn, cache, t)
            work.append(counted.n)
    a, b = 3, S - 1
    per_token = (work[b] - work[a]) / (b - a)
    attending = 2 * B * H * hd                   # q·k and weights·v over one more cached token
    if per_token > 2 * attending:
        raise Fail(f"decoding with B={B}, d_model={d_model}, n_heads={H}, n_kv_heads={n_kv}: step {a} (over {a + 1} "
                   f"cached tokens) did {work[a]:,} multiply-adds in matrix products, step {b} ({b + 1} tokens) "
                   f"{work[b]:,}: {per_token:,.0f} more per cached token, while attending over one more token "
                   f"needs {attending:,}. Are the keys and values (or queries) of earlier tokens computed again "
                   f"each step? Project only x_t and append its k, v to the cache")


def no_loop_over_batch_or_heads(module):
    counts = {}
    for B, H, n_kv in [(2, 2, 1), (5, 8, 2)]:
        case = decoding(seeded(1, B, 3, 16), H, n_kv, prompt=1, seed=4)
        counts[f"B={B}, n_heads={H}, n_kv_heads={n_kv}"] = torch_calls(lambda: run(module.decode_step, case))
    same_calls(counts, "the batch or the number of heads")


# ---- classic mistakes, as decode steps using the reference KVCache -------------------------------

def mistaken(x_t, attn, cache, pos, *, at=None, rotate_v=False, scale_dim=None, kv_of=None, only_new=False):
    B = x_t.shape[0]
    H, n_kv, hd = attn.n_heads, attn.n_kv_heads, attn.head_dim
    q = attn.q_proj(x_t).view(B, 1, H, hd).transpose(1, 2)
    k = attn.k_proj(x_t).view(B, 1, n_kv, hd).transpose(1, 2)
    v = attn.v_proj(x_t).view(B, 1, n_kv, hd).transpose(1, 2)
    position = torch.arange(pos if at is None else at, (pos if at is None else at) + 1)
    q, k = apply_rope(q, position), apply_rope(k, position)
    if rotate_v:
        v = apply_rope(v, position)
    k_all, v_all = cache.update(k, v)
    if only_new:
        k_all, v_all = k, v
    heads = torch.arange(H) // (H // n_kv) if kv_of is None else kv_of(torch.arange(H), H, n_kv)
    k_all, v_all = k_all[:, heads], v_all[:, heads]                  # (B, H, T, hd)
    scores = q @ k_all.transpose(-2, -1) * (scale_dim or hd) ** -0.5
    out = torch.softmax(scores, dim=-1) @ v_all
    return attn.o_proj(out.transpose(1, 2).reshape(B, 1, H * hd))


def rope_at_zero(x_t, attn, cache, pos):
    return mistaken(x_t, attn, cache, pos, at=0)


def rope_on_v(x_t, attn, cache, pos):
    return mistaken(x_t, attn, cache, pos, rotate_v=True)


def scaled_by_d_model(x_t, attn, cache, pos):
    return mistaken(x_t, attn, cache, pos, scale_dim=x_t.shape[-1])


def kv_head_modulo(x_t, attn, cache, pos):
    return mistaken(x_t, attn, cache, pos, kv_of=lambda h, H, n_kv: h % n_kv)


def attends_new_token_only(x_t, attn, cache, pos):
    return mistaken(x_t, attn, cache, pos, only_new=True)


DRILL = Drill(
    entry="decode_step",
    inputs=inputs,
    examples=[
        decoding(seeded(1, 2, 3, 16), 4, 2, label="the prompt's example: 3 tokens decoded in turn"),
        decoding(seeded(2, 2, 5, 12), 6, 2, prompt=2, seed=1),
        decoding(seeded(3, 1, 4, 8), 2, 1, seed=2, label="multi-query (n_kv_heads=1), each token decoded in turn"),
        decoding(seeded(4, 3, 4, 8), 2, 2, prompt=3, seed=3, label="n_kv_heads == n_heads, a 3-token prompt, "
                                                                    "then one step"),
        decoding(seeded(5, 2, 1, 4), 1, 1, seed=4, label="one token, one head"),
    ],
    extreme=[
        decoding(seeded(6, 2, 4, 16, scale=30.0), 4, 2, prompt=1, scale=30.0,
                 label="large inputs: scores ~ 1e4"),
        decoding(seeded(7, 1, 40, 16), 4, 1, label="40 tokens decoded in turn"),
        decoding(seeded(8, 2, 1004, 16), 4, 2, prompt=1000, scale=20.0,
                 label="a 1000-token prompt, then positions 1000..1003"),
    ],
    invariants=[Invariant("batch independence", batch_independent)],
    custom=[Custom("KVCache.update appends", update_appends),
            Custom("no recomputation of the prefix", step_cost_constant),
            Custom("no loop over batch or heads", no_loop_over_batch_or_heads)],
    mistakes=[
        Mistake("RoPE missing, or not at each token's own position: rotate q and k at `pos` before k is "
                "cached (keys all rotated at the current position cancel out like no RoPE)", like=rope_at_zero),
        Mistake("RoPE applied to v as well: it rotates only queries and keys", like=rope_on_v),
        Mistake("scores scaled by 1/sqrt(d_model) instead of 1/sqrt(head_dim)", like=scaled_by_d_model),
        Mistake("query head h reads kv head h % n_kv_heads instead of h // (n_heads // n_kv_heads)",
                like=kv_head_modulo),
        Mistake("the new token attends only to itself: it must attend to everything update() returns "
                "(does update() overwrite the cache instead of appending?)", like=attends_new_token_only),
    ],
    run=run,
    grad=False,
    speed=lambda: decoding(seeded(9, 512, 6, 8), 2, 1, prompt=2),
    speed_limit=6.0,
)
