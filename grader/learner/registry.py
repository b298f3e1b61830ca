"""Finds the drills by themselves: a drill is drills/<id>.py, reference/<id>.py and
grader/specs/<id>.py. Reads each declaration's META and HINTS literals without importing it,
so listing drills never imports torch."""
from __future__ import annotations

import ast
import difflib
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from grader import words

ROOT = Path(__file__).resolve().parents[2]
STUBS, REFERENCES, SPECS = ROOT / "drills", ROOT / "reference", ROOT / "grader" / "specs"
TOPICS = ["basics", "normalisation", "attention", "positions and blocks", "decoding", "training",
          "post-training", "generative models", "efficiency", "classic ML", "vision and sequence", "distributed"]
DIFFICULTY = ["easy", "medium", "hard"]
# One path through the catalogue, as an interview-prep plan takes it: the foundations every
# interview assumes, then the transformer from its parts up, decoding, training and post-training,
# then generative models, efficiency, classic ML, vision and sequence, distributed, and the hardest
# kernels last.
# `drill list --path`, `next`, `today`, `progress` and the step after a pass follow it.
PATH = [
    # foundations
    "softmax", "linear", "activations", "cross_entropy", "log_softmax", "embedding", "mlp", "layernorm",
    "rmsnorm", "dropout", "kl_divergence", "regression_losses", "focal_loss", "batchnorm",
    # attention and the transformer block
    "self_attention", "attention", "mha", "cross_attention", "sliding_window_attention", "gqa", "mqa",
    "attention_mask", "kv_cache", "sinusoidal_pe", "rope", "swiglu", "ffn", "alibi", "transformer_block",
    # decoding
    "top_k", "top_p", "topk_heap", "logits_processors", "generate", "beam_search", "speculative_decoding",
    "perplexity_bleu",
    # training
    "sgd_momentum", "adamw", "optimizers", "grad_clip", "lr_schedule", "weight_init", "training_loop", "backprop",
    "mlp_numpy",
    "custom_autograd", "distill_loss", "infonce", "word2vec_sgns", "triplet_loss", "layernorm_backward", "groupnorm",
    "loss_scaler",
    "amp_step",
    # post-training
    "sft_loss", "reward_model_loss", "dpo_loss", "kl_estimators", "grpo_advantage", "rloo_advantage",
    "gae", "ppo_loss",
    # generative models
    "vae", "gan_losses", "ddpm", "ddim_cfg",
    # efficiency and serving
    "online_softmax", "quantize_int8", "quantize_int4_group", "lora", "paged_kv_cache",
    "continuous_batching", "moe_router", "moe_layer", "rope_scaling", "linear_attention",
    # classic ML
    "knn", "pca", "linear_regression", "ridge_lasso", "logistic_regression", "naive_bayes", "decision_tree_split",
    "kmeans", "classification_metrics", "auc", "ranking_metrics",
    # vision and sequence
    "conv2d", "maxpool2d", "resnet_block", "vit_patch_embed", "nms", "roi_align", "rnn_bptt", "gru_cell", "lstm_cell",
    "selective_scan",
    # tokenisation, distributed and the hardest kernels
    "bpe_train", "wordpiece", "ring_allreduce", "ddp_allreduce", "tensor_parallel_mlp", "zero_optimizer",
    "pipeline_parallel", "mla", "muon", "flash_attention", "flash_attention_backward",
]


@dataclass(frozen=True)
class DrillInfo:
    id: str
    title: str
    zh: str
    topic: str
    difficulty: str
    minutes: int
    hints: tuple = field(default=())
    follow_ups: tuple = field(default=())
    oracle: str = ""          # the implementation outside the project its reference agrees with

    @property
    def stub(self) -> Path:
        return STUBS / f"{self.id}.py"

    @property
    def reference(self) -> Path:
        return REFERENCES / f"{self.id}.py"

    def stub_in(self, lang: str) -> Path:
        """The stub in `lang` (drills/<lang>/<id>.py), the English one where it has none."""
        return words.stub(self.id, lang) or self.stub

    def prompt(self, lang: str = words.DEFAULT) -> str:
        """The prompt (the stub's docstring) in `lang`, in English where it has none."""
        return ast.get_docstring(ast.parse(self.stub_in(lang).read_text(encoding="utf-8"))) or ""


def _literal(tree: ast.Module, name: str):
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == name for t in node.targets):
            value = node.value
            if isinstance(value, ast.Call) and getattr(value.func, "id", None) == "dict":  # dict(a=1)
                return {k.arg: ast.literal_eval(k.value) for k in value.keywords}
            return ast.literal_eval(value)
    return None


def _statements(text: str, names) -> ast.Module:
    """The top-level assignments to `names`, parsed alone: `drill list` then reads every declaration in
    a few milliseconds instead of parsing them whole. The whole file when they cannot be cut out."""
    lines, picked = text.split("\n"), []
    for name in names:
        start = next((i for i, line in enumerate(lines) if line.startswith(f"{name} = ")), None)
        if start is None:
            continue
        end = start + 1
        while end < len(lines) and (not lines[end] or lines[end][0] in " \t)]}"):
            end += 1
        picked += lines[start:end]
    try:
        return ast.parse("\n".join(picked))
    except SyntaxError:
        return ast.parse(text)


@cache
def drills() -> dict[str, DrillInfo]:
    found = {}
    for spec in sorted(SPECS.glob("*.py")):
        drill_id = spec.stem
        if drill_id.startswith("_") or not (STUBS / spec.name).exists() or not (REFERENCES / spec.name).exists():
            continue
        tree = _statements(spec.read_text(encoding="utf-8"), ("META", "HINTS"))
        meta = _literal(tree, "META") or {}
        found[drill_id] = DrillInfo(id=drill_id, hints=tuple(_literal(tree, "HINTS") or ()), **meta)
    return dict(sorted(found.items(), key=lambda kv: (TOPICS.index(kv[1].topic)
                                                      if kv[1].topic in TOPICS else 99, kv[0])))


def get(drill_id: str) -> DrillInfo | None:
    return drills().get(drill_id)


def normal(name: str) -> str:
    """A drill id as people type it: case, '-', '_' and spaces do not matter."""
    return re.sub(r"[-_\s]", "", name.lower())


def find(name: str) -> tuple[DrillInfo | None, list[str]]:
    """The drill `name` names (`GQA`, `top-p`, `layer_norm`, `kv cache`), else None and the ids it is
    closest to (at most five)."""
    ids = {normal(d): d for d in drills()}
    key = normal(name)
    if key in ids:
        return get(ids[key]), []
    close = difflib.get_close_matches(key, ids, n=4, cutoff=0.6)
    close += [n for n in ids if key and (key in n or n in key) and n not in close]    # "norm" → layernorm, …
    return None, [ids[n] for n in close[:5]]


def version() -> str:
    """The version of this source tree (its pyproject.toml), else of the installed package."""
    pyproject = ROOT / "pyproject.toml"
    if pyproject.is_file():
        found = re.search(r'^version\s*=\s*"([^"]+)"', pyproject.read_text(encoding="utf-8"), re.M)
        if found:
            return found[1]
    from importlib import metadata
    return metadata.version("drill")


def completions(incomplete: str) -> list[tuple[str, str]]:
    """Shell completion of a drill id, with its title."""
    return [(d, i.title) for d, i in drills().items() if d.startswith(incomplete.lower())]


def on_path() -> list[DrillInfo]:
    """Every drill in the path's order (a drill the path does not name yet comes after it, in the
    catalogue's order; a test keeps the path whole)."""
    infos = drills()
    named = [infos[d] for d in PATH if d in infos]
    return named + [i for i in infos.values() if i.id not in PATH]
