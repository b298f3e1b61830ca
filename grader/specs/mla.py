from hypothesis import strategies as st

import torch

from grader.runner import perturbed_state
from grader.spec import Case, Custom, Drill, Fail, Invariant, Mistake, randn, seeded
from grader.specs.attention import BANNED
from grader.specs.self_attention import no_loop
from reference.mla import MultiHeadLatentAttention
from reference.rope import apply_rope

META = dict(title="Multi-head latent attention (DeepSeek-V2)", zh="多头潜在注意力", topic="attention",
            difficulty="hard", minutes=30)
HINTS = [
    "Only two things are cached per token: c = kv_norm(kv_down(x)) (kv_rank numbers) and the rotated shared key "
    "k_pe = rope(k_rope(x)) (rope_dim numbers). latent_cache returns torch.cat([c, k_pe], -1).",
    "In forward, split the cache back with .split([kv_rank, rope_dim], -1) and rebuild per-head keys and values "
    "from c: k_up(c) and v_up(c) viewed as (B, S, H, head_dim) and transposed to (B, H, S, head_dim).",
    "q_proj(x).view(B, S, H, head_dim + rope_dim): split EACH head into its first head_dim (content) and last "
    "rope_dim (position) features; only the position part gets RoPE.",
    "scores = (q_nope @ k_nopeᵀ + q_pe @ k_pe[:, None]ᵀ) / sqrt(head_dim + rope_dim): k_pe[:, None] is "
    "(B, 1, S, rope_dim) and broadcasts over the heads. Then causal mask, softmax, @ v, merge heads, o_proj.",
]


def inputs(draw) -> Case:
    n_heads, head_dim = draw(st.integers(1, 3)), draw(st.integers(1, 4))
    kv_rank, rope_dim, d_model = draw(st.integers(1, 6)), 2 * draw(st.integers(1, 2)), draw(st.integers(1, 8))
    B, S = draw(st.integers(1, 3)), draw(st.integers(1, 6))
    return Case(args=(randn(draw, B, S, d_model),), kwargs={"causal": draw(st.booleans())},
                init=(d_model, n_heads, kv_rank, rope_dim, head_dim), seed=draw(st.integers(0, 2**16)))


def run(impl, case: Case):
    """Both entry points: the attention output and the per-token cache."""
    return {"forward": impl(*case.args, **case.kwargs), "latent_cache": impl.latent_cache(case.args[0])}


def future_tokens_ignored(call, case):
    x = case.args[0]
    B, S, _ = x.shape
    if S < 2:
        return
    p = S // 2
    later = x.clone()
    later[:, p:] = -2.0 * later[:, p:] + 1.0
    causal = {"causal": True}
    a = call(Case(args=(x,), kwargs=causal, init=case.init, seed=case.seed))
    b = call(Case(args=(later,), kwargs=causal, init=case.init, seed=case.seed))
    for name in a:
        if not torch.allclose(a[name][:, :p], b[name][:, :p], atol=1e-5):
            raise Fail(f"changing tokens {p}..{S - 1} changed {name} at tokens 0..{p - 1}: with causal=True a token "
                       f"sees only itself and earlier tokens, and a token's cache entry depends on it alone")


def batch_independent(call, case):
    x = case.args[0]
    if x.shape[0] < 2:
        return
    other = x.clone()
    other[0] = -2.0 * other[0] + 1.0
    a, b = call(case), call(Case(args=(other,), kwargs=case.kwargs, init=case.init, seed=case.seed))
    if not all(torch.allclose(a[name][1:], b[name][1:], atol=1e-5) for name in a):
        raise Fail("changing batch element 0 changed the outputs of the other batch elements")


# ---- the point of MLA: attention from the cache alone ------------------------------------------

def attention_from_cache(m, x: torch.Tensor, cache: torch.Tensor, n_heads, kv_rank, rope_dim, head_dim):
    """Causal attention rebuilt from `cache` and m's weights the way DeepSeek decodes: k_up is
    absorbed into the queries and v_up applied after weighting, so keys and values are never
    expanded per head."""
    w = m.state_dict()
    B, S, _ = x.shape
    H, hd = n_heads, head_dim
    c, k_pe = cache.split([kv_rank, rope_dim], dim=-1)                                   # (B, S, r), (B, S, rd)
    q = (x @ w["q_proj.weight"].T).view(B, S, H, hd + rope_dim).transpose(1, 2)
    q_nope, q_pe = q.split([hd, rope_dim], dim=-1)
    q_pe = apply_rope(q_pe, torch.arange(S))
    q_latent = torch.einsum("bhsd,hdr->bhsr", q_nope, w["k_up.weight"].view(H, hd, kv_rank))   # k_up absorbed
    scores = q_latent @ c[:, None].transpose(-2, -1) + q_pe @ k_pe[:, None].transpose(-2, -1)   # (B, H, S, S)
    scores = scores * (hd + rope_dim) ** -0.5
    scores = scores.masked_fill(torch.ones(S, S, dtype=torch.bool).triu(1), float("-inf"))
    latent_out = torch.softmax(scores, dim=-1) @ c[:, None]                              # (B, H, S, kv_rank)
    out = torch.einsum("bhsr,hdr->bshd", latent_out, w["v_up.weight"].view(H, hd, kv_rank))
    return out.reshape(B, S, H * hd) @ w["o_proj.weight"].T


def cache_is_enough(module):
    init = (16, 4, 6, 4, 3)                               # d_model, n_heads, kv_rank, rope_dim, head_dim
    torch.manual_seed(0)
    m = module.MultiHeadLatentAttention(*init)
    m.load_state_dict(perturbed_state(MultiHeadLatentAttention(*init), 0), strict=True)
    x = seeded(1, 2, 5, 16)
    with torch.no_grad():
        cache, out = m.latent_cache(x), m(x, causal=True)
        width = init[2] + init[3]
        if not isinstance(cache, torch.Tensor) or tuple(cache.shape) != (2, 5, width):
            shape = tuple(cache.shape) if isinstance(cache, torch.Tensor) else type(cache).__name__
            raise Fail(f"latent_cache(x) for x (2, 5, 16), kv_rank=6, rope_dim=4 is {shape}; MLA caches only the "
                       f"latent and the shared RoPE key per token: (2, 5, {width}). Per-head keys and values are "
                       f"what MLA avoids caching")
        rebuilt = attention_from_cache(m, x, cache, *init[1:])
        ref = MultiHeadLatentAttention(*init)
        ref.load_state_dict(m.state_dict())
        if not torch.allclose(out, ref(x, causal=True), atol=1e-4):
            return                                        # forward itself is off: the values check says how
    diff = (rebuilt - out).abs().max().item()
    if diff > 1e-4:
        raise Fail(f"attention rebuilt from latent_cache(x) alone (the latent absorbed into the queries, as DeepSeek "
                   f"decodes) differs from your forward(x) by {diff:.2g}: latent_cache must return exactly the "
                   f"normalised latent and the rotated shared key that forward attends with")


# ---- classic mistakes, as subclasses of the reference ------------------------------------------

class ScaledByHeadDim(MultiHeadLatentAttention):
    def __init__(self, d_model, n_heads, kv_rank, rope_dim, head_dim):
        super().__init__(d_model, n_heads, kv_rank, rope_dim, head_dim)
        self.scale = head_dim ** -0.5


class QSplitAcrossHeads(MultiHeadLatentAttention):
    def _split_heads(self, q):
        B, S, _ = q.shape
        H, hd, rd = self.n_heads, self.head_dim, self.rope_dim
        q_nope, q_pe = q.split([H * hd, H * rd], dim=-1)          # [all heads' content | all heads' position]
        return q_nope.view(B, S, H, hd).transpose(1, 2), q_pe.view(B, S, H, rd).transpose(1, 2)


class CachesFullKV(MultiHeadLatentAttention):
    def latent_cache(self, x):
        B, S, _ = x.shape
        c, k_pe = self._latent(x)
        k = torch.cat([self.k_up(c).view(B, S, self.n_heads, self.head_dim),
                       k_pe[:, :, None].expand(B, S, self.n_heads, self.rope_dim)], dim=-1)   # per-head keys
        return torch.cat([k.reshape(B, S, -1), self.v_up(c)], dim=-1)                        # and values


class KeyCachedBeforeRope(MultiHeadLatentAttention):
    def latent_cache(self, x):
        return torch.cat([self.kv_norm(self.kv_down(x)), self.k_rope(x)], dim=-1)


DRILL = Drill(
    entry="MultiHeadLatentAttention",
    inputs=inputs,
    examples=[
        Case(args=(seeded(1, 2, 5, 32),), kwargs={"causal": True}, init=(32, 4, 8, 4, 8),
             label="the prompt's example"),
        Case(args=(seeded(2, 2, 4, 12),), kwargs={"causal": False}, init=(12, 3, 5, 2, 4), label="not causal"),
        Case(args=(seeded(3, 3, 6, 8),), kwargs={"causal": True}, init=(8, 1, 3, 6, 2),
             label="one head, rope_dim > head_dim"),
        Case(args=(seeded(4, 1, 1, 6),), kwargs={"causal": True}, init=(6, 2, 1, 2, 1),
             label="S=1, kv_rank=1, head_dim=1"),
    ],
    extreme=[
        Case(args=(seeded(5, 2, 4, 16, scale=100.0),), kwargs={"causal": True}, init=(16, 2, 8, 4, 8), scale=100.0,
             label="large inputs (the latent is normalised: only the query and the RoPE key grow)"),
        Case(args=(seeded(6, 1, 256, 16),), kwargs={"causal": True}, init=(16, 4, 8, 4, 4), scale=16.0,
             label="S=256: RoPE up to position 255"),
    ],
    invariants=[Invariant("causality", future_tokens_ignored), Invariant("batch independence", batch_independent)],
    custom=[Custom("attention from the latent cache", cache_is_enough),
            Custom("no loop over batch or heads",
                   no_loop("MultiHeadLatentAttention", [(16, 2, 6, 4, 4), (16, 8, 6, 4, 4)],
                           lambda m, B, init: m(seeded(1, B, 4, init[0]), causal=True)))],
    mistakes=[
        Mistake("scores scaled by 1/sqrt(head_dim) only: each q·k runs over head_dim + rope_dim features, "
                "scale by 1/sqrt(head_dim + rope_dim)", like=ScaledByHeadDim),
        Mistake("q split into content and RoPE parts across the whole projection: split EACH head's "
                "head_dim + rope_dim features", like=QSplitAcrossHeads),
        Mistake("full per-head keys and values cached: MLA caches the kv_rank latent and the shared RoPE key",
                like=CachesFullKV),
        Mistake("the shared key cached before RoPE: cache it rotated at its position", like=KeyCachedBeforeRope),
        Mistake("parameter shapes differ from the list; if k_rope has n_heads * rope_dim rows: MLA's RoPE key is ONE "
                "key (rope_dim, d_model) shared by all heads, not one per head", check="parameters"),
    ],
    banned=BANNED,
    run=run,
    speed=lambda: Case(args=(seeded(7, 512, 8, 16),), kwargs={"causal": True}, init=(16, 2, 8, 4, 8)),
    speed_limit=8.0,
)
