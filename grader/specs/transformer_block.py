from hypothesis import strategies as st

import torch

from grader.spec import Case, Custom, Drill, Fail, Invariant, Mistake, randn, seeded
from grader.specs.mha import batch_independent
from grader.specs.self_attention import no_loop
from reference.rope import apply_rope
from reference.transformer_block import DecoderBlock

META = dict(title="Pre-norm decoder block", zh="解码器层", topic="positions and blocks", difficulty="hard",
            minutes=30,
            follow_ups=[{"ask": "When generating, the block sees one new token at a time. Keep the keys and values "
                                "of earlier tokens in a cache and write one decoding step of its attention.",
                         "drill": "kv_cache"}])
HINTS = [
    "Pre-norm: h = x + attn(attn_norm(x), positions); out = h + ffn(ffn_norm(h)). The norms only see what "
    "goes INTO a sublayer; the residual stream x, h is added back un-normalised.",
    "Name the submodules exactly: self.attn holds q_proj, k_proj, v_proj, o_proj (bias-free nn.Linear), "
    "self.ffn holds gate_proj, up_proj, down_proj; attn_norm and ffn_norm each have a `weight`.",
    "Inside attention: split q into (B, n_heads, S, hd) and k, v into (B, n_kv_heads, S, hd) FIRST, then RoPE on q "
    "and k per head (each head_dim vector rotated with pairs i, i + hd/2), never on v.",
    "Causal GQA: k.repeat_interleave(n_heads // n_kv_heads, dim=1) (same for v), scores / sqrt(hd), mask the "
    "future with torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1), softmax, @ v, merge heads, o_proj.",
]


def case(x, positions, init, seed=0, scale=1.0, label=""):
    """RoPE's float32 angles are off by ~1e-7 × position radians: the tolerance grows with the positions."""
    top = float(positions.abs().max()) if positions.numel() else 0.0
    return Case(args=(x,), kwargs={"positions": positions}, init=init, seed=seed,
                scale=scale * max(1.0, top / 16), label=label)


def inputs(draw) -> Case:
    n_kv, g, half = draw(st.integers(1, 2)), draw(st.integers(1, 2)), draw(st.integers(1, 2))
    B, S, d_ff = draw(st.integers(1, 3)), draw(st.integers(1, 6)), draw(st.integers(1, 12))
    n_heads = n_kv * g
    d_model = n_heads * 2 * half                   # head_dim = 2 * half: RoPE needs it even
    positions = torch.arange(S) + draw(st.sampled_from([0, 0, 1, 37]))
    return case(randn(draw, B, S, d_model), positions, (d_model, n_heads, n_kv, d_ff), seed=draw(st.integers(0, 2**16)))


def future_tokens_ignored(call, case):
    x = case.args[0]
    S = x.shape[1]
    if S < 2:
        return
    p = S // 2
    later = x.clone()
    later[:, p:] = -2.0 * later[:, p:] + 1.0
    a, b = call(case), call(Case(args=(later,), kwargs=case.kwargs, init=case.init, seed=case.seed))
    if not torch.allclose(a[:, :p], b[:, :p], atol=1e-5 * case.scale):
        raise Fail(f"changing tokens {p}..{S - 1} changed the outputs at tokens 0..{p - 1}: the block is causal, "
                   f"token i attends only tokens j <= i")


def relative_positions(call, case):
    shifted = Case(args=case.args, kwargs={"positions": case.kwargs["positions"] + 7}, init=case.init,
                   seed=case.seed)
    a, b = call(case), call(shifted)
    diff = (a - b).abs().max().item()
    if diff > 1e-4 * case.scale:
        raise Fail(f"moving every token 7 positions further changed the output by {diff:.2g}: with RoPE on q and k "
                   f"alone, attention depends only on the distances between tokens (is v rotated too, or is RoPE "
                   f"applied before splitting the heads?)")


# ---- classic mistakes, as subclasses of the reference ------------------------------------------

class PostNorm(DecoderBlock):
    def forward(self, x, positions):
        x = self.attn_norm(x + self._attention(x, positions))     # normalises the residual stream
        return self.ffn_norm(x + self.ffn(x))


class NoAttentionResidual(DecoderBlock):
    def forward(self, x, positions):
        h = self._attention(self.attn_norm(x), positions)
        return h + self.ffn(self.ffn_norm(h))


class NoFfnResidual(DecoderBlock):
    def forward(self, x, positions):
        h = x + self._attention(self.attn_norm(x), positions)
        return self.ffn(self.ffn_norm(h))


class NoRope(DecoderBlock):
    def forward(self, x, positions):
        return super().forward(x, torch.zeros_like(positions))     # angle 0: no rotation at all


class PositionsIgnored(DecoderBlock):
    def forward(self, x, positions):
        return super().forward(x, torch.arange(x.shape[1]))


def rotated_attention(block, h, positions, rotate_v=False, before_split=False):
    """The reference's attention with RoPE put elsewhere: on v as well, or on whole projections."""
    a = block.attn
    B, S, _ = h.shape
    q, k, v = a.q_proj(h), a.k_proj(h), a.v_proj(h)
    if before_split:
        q, k = apply_rope(q, positions), apply_rope(k, positions)   # pairs i, i + width/2 across heads
    q = q.view(B, S, a.n_heads, a.head_dim).transpose(1, 2)
    k = k.view(B, S, a.n_kv_heads, a.head_dim).transpose(1, 2)
    v = v.view(B, S, a.n_kv_heads, a.head_dim).transpose(1, 2)
    if not before_split:
        q, k = apply_rope(q, positions), apply_rope(k, positions)
    if rotate_v:
        v = apply_rope(v, positions)
    k, v = a._repeat_kv(k), a._repeat_kv(v)
    scores = (q @ k.transpose(-2, -1) * a.scale).masked_fill(torch.ones(S, S, dtype=torch.bool).triu(1), float("-inf"))
    return a.o_proj((torch.softmax(scores, dim=-1) @ v).transpose(1, 2).reshape(B, S, -1))


class RopeOnV(DecoderBlock):
    def _attention(self, h, positions):
        return rotated_attention(self, h, positions, rotate_v=True)


class RopeBeforeHeadSplit(DecoderBlock):
    def _attention(self, h, positions):
        return rotated_attention(self, h, positions, before_split=True)


DRILL = Drill(
    entry="DecoderBlock",
    inputs=inputs,
    examples=[
        case(seeded(1, 2, 5, 16), torch.arange(5), (16, 4, 2, 32), label="the prompt's example"),
        case(seeded(2, 2, 4, 12), torch.arange(4) + 10, (12, 3, 1, 8), seed=1,
             label="positions 10..13 (a chunk after 10 cached tokens), multi-query"),
        case(seeded(3, 3, 6, 8), torch.arange(6), (8, 2, 2, 16), seed=2, label="n_kv_heads == n_heads"),
        case(seeded(4, 1, 1, 8), torch.tensor([3]), (8, 4, 2, 4), seed=3, label="S=1, head_dim=2"),
    ],
    extreme=[
        case(seeded(5, 2, 4, 16, scale=100.0), torch.arange(4), (16, 4, 2, 32), scale=100.0,
             label="large inputs: the residual stream grows, the normalised sublayer inputs do not"),
        case(seeded(6, 1, 256, 16), torch.arange(256), (16, 2, 1, 32), label="S=256"),
        case(seeded(7, 2, 5, 16), torch.arange(5) + 1000, (16, 4, 2, 32), label="positions 1000..1004"),
    ],
    invariants=[Invariant("causality", future_tokens_ignored), Invariant("batch independence", batch_independent),
                Invariant("relative positions", relative_positions)],
    custom=[Custom("no loop over batch or heads",
                   no_loop("DecoderBlock", [(16, 2, 1, 32), (16, 8, 2, 32)],
                           lambda block, B, init: block(seeded(1, B, 4, init[0]), torch.arange(4))))],
    mistakes=[
        Mistake("post-norm instead of pre-norm: normalise each sublayer's input, x + attn(attn_norm(x)), not the "
                "sum attn_norm(x + attn(x))", like=PostNorm),
        Mistake("attention residual missing: h = x + attn(attn_norm(x), positions)", like=NoAttentionResidual),
        Mistake("FFN residual missing: out = h + ffn(ffn_norm(h))", like=NoFfnResidual),
        Mistake("RoPE not applied: rotate q and k per head at `positions`", like=NoRope),
        Mistake("`positions` ignored (RoPE at 0..S-1): a chunk after a KV cache starts at a later position",
                like=PositionsIgnored),
        Mistake("RoPE applied to v as well: it rotates only queries and keys", like=RopeOnV),
        Mistake("RoPE applied to the whole q / k projection before splitting the heads: rotate each head's "
                "head_dim vector (pairs i, i + head_dim/2)", like=RopeBeforeHeadSplit),
    ],
    speed=lambda: case(seeded(8, 512, 8, 16), torch.arange(8), (16, 2, 1, 32)),
    speed_limit=8.0,
)
