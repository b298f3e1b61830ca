"""gan_losses: three entries. d_loss and g_loss take a `kind` ("ns", "hinge", "wgan") and are graded on
values and gradients over every kind, logits up to ±100 where a sigmoid rounds to 0 or 1. gradient_penalty
is called with a small nonlinear critic defined here (its gradient norm varies from point to point,
so the interpolation matters) and a seeded generator: the prompt fixes the one random call, so the
penalty is compared with the reference's on the same alphas. real and fake come in detached (data,
and a generator's output detached for the critic's step): the penalty's own gradient is graded by an
invariant that builds the critic with trainable weights and holds penalty.backward()'s gradient on
them against the one computed here (create_graph=True). It has no loop or speed check: those run
under torch.no_grad(), where a gradient penalty cannot be computed. Samples of any trailing shape, square (B, B)
among them where an alpha (B,) not reshaped broadcasts along the last axis without an error.
The mistakes: the saturating generator loss, log of a sigmoid, labels or signs swapped, the hinge
without its relu, the penalty without create_graph, one alpha for the batch or one per element, the
norm over dim 1 only or over the whole batch, squared norms, the distance to 1 not squared."""
import math

from hypothesis import strategies as st

import torch
import torch.nn.functional as F
from grader.engine import kit
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="GAN losses: non-saturating, hinge and WGAN-GP", zh="GAN损失函数", topic="generative models",
            difficulty="medium", minutes=20,
            oracle="the closed forms with F.binary_cross_entropy_with_logits; WGAN-GP's penalty per sample with "
                   "torch.autograd.grad and torch.func.grad")
HINTS = [
    "-log sigmoid(z) = softplus(-z) and -log(1 - sigmoid(z)) = softplus(z): d_loss 'ns' is "
    "F.softplus(-real).mean() + F.softplus(fake).mean(), finite for any logit.",
    "The generator's non-saturating loss labels its fakes REAL: F.softplus(-fake).mean(). Minimising log(1 - "
    "D(G(z))) (the saturating form) has almost no gradient when D confidently rejects the fakes.",
    "alpha = torch.rand(B, ...).reshape(B, 1, ..., 1): one weight per sample. x_hat = (alpha * real + (1 - alpha) "
    "* fake).requires_grad_(True).",
    "grad = torch.autograd.grad(critic(x_hat).sum(), x_hat, create_graph=True)[0]; then "
    "((grad.flatten(1).norm(dim=1) - 1) ** 2).mean(). Without create_graph the penalty is a constant to the critic.",
]

KINDS = ["ns", "hinge", "wgan"]


# ---- d_loss and g_loss --------------------------------------------------------------------------

def logits_case(*tensors, kind=None, label="") -> Case:
    return Case(args=tensors, kwargs={} if kind is None else {"kind": kind}, label=label,
                scale=max(1.0, max(t.abs().max().item() for t in tensors) / 10))


def d_inputs(draw) -> Case:
    B = draw(st.integers(1, 8))
    scale = draw(st.sampled_from([1.0, 5.0, 30.0]))
    return logits_case(kit.randn(draw, B, scale=scale), kit.randn(draw, B, scale=scale) - draw(st.sampled_from([0.0, 2.0])),
                       kind=draw(st.sampled_from([None] + KINDS)))


def g_inputs(draw) -> Case:
    B = draw(st.integers(1, 8))
    return logits_case(kit.randn(draw, B, scale=draw(st.sampled_from([1.0, 5.0, 30.0]))),
                       kind=draw(st.sampled_from([None] + KINDS)))


def bce_log_sigmoid(z, label):
    p = torch.sigmoid(z)
    return -torch.log(p) if label == 1 else -torch.log(1 - p)


def d_like(mistake):
    """d_loss with one classic mistake in one kind, the others right."""
    def d_loss(real_logits, fake_logits, kind="ns"):
        real, fake = real_logits, fake_logits
        if kind == "ns":
            if mistake == "log of sigmoid":
                return bce_log_sigmoid(real, 1).mean() + bce_log_sigmoid(fake, 0).mean()
            if mistake == "labels swapped":
                return F.softplus(real).mean() + F.softplus(-fake).mean()
            return F.softplus(-real).mean() + F.softplus(fake).mean()
        if kind == "hinge":
            if mistake == "hinge signs":
                return F.relu(1 + real).mean() + F.relu(1 - fake).mean()
            if mistake == "no relu":
                return (1 - real).mean() + (1 + fake).mean()
            return F.relu(1 - real).mean() + F.relu(1 + fake).mean()
        return real.mean() - fake.mean() if mistake == "wgan sign" else fake.mean() - real.mean()
    return d_loss


def g_like(mistake):
    """g_loss with one classic mistake in one kind, the others right."""
    def g_loss(fake_logits, kind="ns"):
        fake = fake_logits
        if kind == "ns":
            if mistake == "saturating":
                return -F.softplus(fake).mean()              # mean(log(1 - sigmoid(fake)))
            if mistake == "fakes labelled 0":
                return F.softplus(fake).mean()
            if mistake == "log of sigmoid":
                return bce_log_sigmoid(fake, 1).mean()
            return F.softplus(-fake).mean()
        if kind == "hinge" and mistake == "hinge relu":
            return F.relu(1 - fake).mean()
        if kind == "wgan" and mistake == "wgan sign":
            return fake.mean()
        return -fake.mean()
    return g_loss


LOG_OF_SIGMOID = ("binary cross-entropy from log(sigmoid(logits)): a sigmoid that rounds to 0 or 1 gives log(0) = -inf; "
                  "-log sigmoid(z) = softplus(-z), -log(1 - sigmoid(z)) = softplus(z)")
SATURATING = ("the saturating generator loss mean(log(1 - sigmoid(fake))): its gradient vanishes when the "
              "discriminator rejects the fakes; the non-saturating loss is mean(-log sigmoid(fake))")

PROMPT_REAL, PROMPT_FAKE = torch.tensor([2.0, -1.0, 0.5]), torch.tensor([-3.0, 0.0, 1.0])
SATURATED = torch.tensor([100.0, -100.0, 60.0, -60.0])

D_LOSS = Entry(
    "d_loss",
    inputs=d_inputs,
    examples=[logits_case(PROMPT_REAL, PROMPT_FAKE, kind=k, label=f"the prompt's example, kind {k!r}")
              for k in [None, "hinge", "wgan"]] + [
        logits_case(seeded(1, 8, scale=3.0), seeded(2, 8, scale=3.0), kind="ns", label="kind 'ns', 8 samples"),
        logits_case(torch.tensor([1.5]), torch.tensor([-0.5]), kind="hinge",
                    label="one sample, both margins met: the hinge loss is 0"),
        logits_case(seeded(3, 5), seeded(4, 5), kind="hinge", label="kind 'hinge', inside the margins"),
        logits_case(seeded(5, 4), seeded(6, 4), kind="wgan", label="kind 'wgan'"),
    ],
    extreme=[logits_case(SATURATED, -SATURATED, kind="ns", label="logits of ±100 and ±60"),
             logits_case(SATURATED, SATURATED.flip(0), kind=None, label="logits of ±100 and ±60, the default kind")],
    mistakes=[
        Mistake(LOG_OF_SIGMOID, like=d_like("log of sigmoid")),
        Mistake("labels swapped: real samples are labelled 1 and fakes 0 (mean(softplus(-real)) + "
                "mean(softplus(fake)))", like=d_like("labels swapped")),
        Mistake("the hinge's signs swapped: relu(1 - real) for real, relu(1 + fake) for fake", like=d_like("hinge signs")),
        Mistake("the hinge without its relu: scores past the margin still count (that is the WGAN loss shifted)",
                like=d_like("no relu")),
        Mistake("the WGAN critic loss's sign: the critic minimises mean(fake) - mean(real)", like=d_like("wgan sign")),
    ],
    loops=Loops(small=logits_case(seeded(7, 3), seeded(8, 3)), large=logits_case(seeded(9, 11), seeded(10, 11)),
                over="the samples"),
    speed=Speed(lambda seed: logits_case(seeded(seed, 8192), seeded(seed + 1, 8192)), limit=30.0),
)

G_LOSS = Entry(
    "g_loss",
    inputs=g_inputs,
    examples=[logits_case(PROMPT_FAKE, kind=k, label=f"the prompt's example, kind {k!r}") for k in [None, "hinge"]] + [
        logits_case(seeded(11, 8, scale=3.0), kind="ns", label="kind 'ns', 8 samples"),
        logits_case(seeded(12, 5), kind="wgan", label="kind 'wgan'"),
        logits_case(torch.tensor([2.0]), kind="hinge", label="one sample past the margin: -mean(fake) still counts"),
    ],
    extreme=[logits_case(SATURATED, kind="ns", label="logits of ±100 and ±60")],
    mistakes=[
        Mistake(SATURATING, like=g_like("saturating"),
                hint="The generator wants D(G(z)) -> 1: minimise -log sigmoid(fake) = softplus(-fake), the "
                     "cross-entropy with the fakes labelled REAL."),
        Mistake("the fakes labelled 0 in the generator's loss: the generator labels its fakes 1 (real), "
                "mean(softplus(-fake))", like=g_like("fakes labelled 0")),
        Mistake(LOG_OF_SIGMOID, like=g_like("log of sigmoid")),
        Mistake("the discriminator's hinge used for the generator: the hinge generator loss is -mean(fake), "
                "with no margin", like=g_like("hinge relu")),
        Mistake("the WGAN generator loss's sign: the generator minimises -mean(fake)", like=g_like("wgan sign")),
    ],
    loops=Loops(small=logits_case(seeded(13, 3)), large=logits_case(seeded(14, 11)), over="the samples"),
    speed=Speed(lambda seed: logits_case(seeded(seed, 8192)), limit=30.0),
)


# ---- gradient_penalty ----------------------------------------------------------------------------

class Critic:
    """A small nonlinear critic: scores = tanh(x.flatten(1) @ W1 + b1) @ w2, weights cast to x's dtype and
    device; with trainable=True they require grad (the penalty's gradient must reach them)."""

    def __init__(self, sample_shape, seed: int, trainable: bool = False, hidden: int = 8):
        g = torch.Generator().manual_seed(seed)
        d = math.prod(sample_shape)
        self.sample_shape = tuple(sample_shape)
        self.W1 = torch.randn(d, hidden, generator=g) * 2 / math.sqrt(d)
        self.b1 = torch.randn(hidden, generator=g) * 0.5
        self.w2 = torch.randn(hidden, generator=g)
        if trainable:
            for p in self.parameters():
                p.requires_grad_(True)
        self.__name__ = f"critic(sample {self.sample_shape}, seed={seed})"

    def parameters(self):
        return [self.W1, self.b1, self.w2]

    def __call__(self, x):
        if not isinstance(x, torch.Tensor) or tuple(x.shape[1:]) != self.sample_shape:
            raise TypeError(f"critic takes (B, {', '.join(map(str, self.sample_shape))}) samples, got "
                            f"{tuple(x.shape) if isinstance(x, torch.Tensor) else type(x).__name__}")
        W1, b1, w2 = (p.to(x.dtype).to(x.device) for p in self.parameters())
        return torch.tanh(x.flatten(1) @ W1 + b1) @ w2                # (B,)


class SquareCritic:
    """The prompt's critic, lambda x: (x ** 2).sum(1): its gradient is 2 · x."""
    __name__ = "lambda x: (x ** 2).sum(1)"

    def __call__(self, x):
        return (x ** 2).sum(1)


def gen(seed: int) -> torch.Generator:
    return torch.Generator().manual_seed(seed)


def gp_case(real, fake, seed=0, label="") -> Case:
    return Case(args=(Critic(real.shape[1:], seed), real, fake), kwargs={"generator": gen(seed)}, label=label,
                seed=seed)


def data_detached(impl, case, ns):
    """real is data and fake a generator's output detached for the critic's step."""
    critic, real, fake = case.args
    return impl(critic, real.detach(), fake.detach(), **case.kwargs)


def gp_inputs(draw) -> Case:
    B = draw(st.integers(1, 4))
    rest = draw(st.one_of(st.just([B]), st.lists(st.integers(1, 4), min_size=1, max_size=3)))
    scale = draw(st.sampled_from([0.5, 1.0, 3.0]))
    return gp_case(kit.randn(draw, B, *rest, scale=scale), kit.randn(draw, B, *rest, scale=scale),
                   seed=draw(st.integers(0, 2**16)))


def penalty_here(critic, real, fake, generator):
    """The penalty written plainly, for the invariant: the prompt's alpha, then per-sample gradients."""
    B = real.shape[0]
    alpha = torch.rand(B, generator=generator, dtype=real.dtype, device=real.device)
    x_hat = (alpha.reshape(B, *[1] * (real.dim() - 1)) * real + (1 - alpha.reshape(B, *[1] * (real.dim() - 1))) * fake)
    x_hat = x_hat.detach().requires_grad_(True)
    (grad,) = torch.autograd.grad(critic(x_hat).sum(), x_hat, create_graph=True)
    return ((grad.flatten(1).norm(dim=1) - 1) ** 2).mean()


NO_CREATE_GRAPH = ("the penalty is cut from the critic's graph: take the gradient with torch.autograd.grad(..., "
                   "create_graph=True), so that penalty.backward() reaches the critic's parameters")


def trains_the_critic(call, case):
    _, real, fake = case.args
    critic = Critic(real.shape[1:], case.seed, trainable=True)
    with torch.enable_grad():
        out = call(Case(args=(critic, real, fake), kwargs={"generator": gen(case.seed)}))
        if not isinstance(out, torch.Tensor) or out.numel() != 1:
            return                      # the shape check says so
        if not out.requires_grad:
            raise Fail("with a critic whose weights require grad, the penalty does not: penalty.backward() would "
                       "not reach the critic", mistake=NO_CREATE_GRAPH)
        mine = penalty_here(critic, real, fake, gen(case.seed))
        if not torch.allclose(out.detach(), mine.detach(), rtol=1e-4, atol=1e-6):
            return                      # other values: the values check says so
        got = torch.autograd.grad(out, critic.parameters(), allow_unused=True)
        want = torch.autograd.grad(mine, critic.parameters())
    for name, g, w in zip(["W1", "b1", "w2"], got, want):
        g = torch.zeros_like(w) if g is None else g
        if not torch.allclose(g, w, rtol=1e-3, atol=1e-5):
            raise Fail(f"d(penalty)/d(critic.{name}) differs from the penalty's own by up to "
                       f"{(g - w).abs().max().item():.3g}" + ("" if g.abs().sum() else ": it is zero"),
                       mistake=NO_CREATE_GRAPH if not g.abs().sum() else "")


def gp_like(mistake):
    """gradient_penalty with one classic mistake."""
    def gradient_penalty(critic, real, fake, generator=None):
        B = real.shape[0]
        shape = {"one alpha": (1,), "per element": tuple(real.shape)}.get(mistake, (B,))
        alpha = torch.rand(shape, generator=generator, dtype=real.dtype, device=real.device)
        if mistake not in ("not reshaped", "per element"):
            alpha = alpha.reshape(-1, *[1] * (real.dim() - 1))
        if mistake == "at real":
            x_hat = real.clone().requires_grad_(True)
        elif mistake == "swapped":
            x_hat = ((1 - alpha) * real + alpha * fake).requires_grad_(True)
        else:
            x_hat = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
        (grad,) = torch.autograd.grad(critic(x_hat).sum(), x_hat, create_graph=mistake != "no create_graph")
        if mistake == "dim 1":
            norm = grad.norm(2, dim=1)
        elif mistake == "batch norm":
            norm = grad.norm()
        else:
            norm = grad.flatten(1).norm(dim=1)
        if mistake == "squared norm":
            norm = norm ** 2
        return (norm - 1).mean() if mistake == "not squared" else ((norm - 1) ** 2).mean()
    return gradient_penalty


GRADIENT_PENALTY = Entry(
    "gradient_penalty",
    inputs=gp_inputs,
    run=data_detached,
    grad=False,             # the penalty's gradient is graded on the critic's weights (an invariant)
    # no Loops or Speed: the engine counts and times under torch.no_grad(), where no penalty can be taken
    examples=[
        Case(args=(SquareCritic(), torch.ones(2, 2), torch.zeros(2, 2)), kwargs={"generator": gen(0)},
             label="the prompt's example"),
        gp_case(seeded(1, 3, 3), seeded(2, 3, 3), 1, "square (3, 3) samples"),
        gp_case(seeded(3, 4, 2, 3, 3), seeded(4, 4, 2, 3, 3), 2, "images (4, 2, 3, 3)"),
        gp_case(seeded(5, 1, 6), seeded(6, 1, 6), 3, "one sample"),
        gp_case(seeded(7, 5, 4, scale=3.0), seeded(8, 5, 4, scale=3.0), 4, "(5, 4), values near ±3"),
    ],
    invariants=[Invariant("the penalty trains the critic", trains_the_critic)],
    mistakes=[
        Mistake(NO_CREATE_GRAPH, like=gp_like("no create_graph"),
                hint="torch.autograd.grad(critic(x_hat).sum(), x_hat, create_graph=True)[0]: the gradient is then "
                     "itself differentiable, and the penalty built from it trains the critic."),
        Mistake("one alpha for the whole batch: draw one per sample, torch.rand(B, ...)", like=gp_like("one alpha")),
        Mistake("one alpha per element: draw one per sample, torch.rand(B, ...), broadcast over the sample",
                like=gp_like("per element")),
        Mistake("alpha (B,) not reshaped to (B, 1, ..., 1): it broadcasts along the last axis, mixing sample i with "
                "weight alpha[j]", like=gp_like("not reshaped")),
        Mistake("alpha and 1 - alpha swapped: x_hat = alpha · real + (1 - alpha) · fake (the same in distribution, "
                "but the prompt fixes which)", like=gp_like("swapped")),
        Mistake("the gradient taken at the real samples: it is taken at the interpolates x_hat",
                like=gp_like("at real")),
        Mistake("the norm over dim 1 only: each sample's gradient norm is over all its elements "
                "(grad.flatten(1).norm(dim=1))", like=gp_like("dim 1")),
        Mistake("one norm over the whole batch: each sample has its own gradient norm", like=gp_like("batch norm")),
        Mistake("squared norms: the penalty is (‖grad‖₂ - 1)², the norm itself, not its square",
                like=gp_like("squared norm")),
        Mistake("the distance to 1 not squared: mean((‖grad‖₂ - 1)²)", like=gp_like("not squared")),
        Mistake("an input modified in place: work on new tensors", check="inputs unchanged"),
    ],
)

DRILL = Drill(entries=[D_LOSS, G_LOSS, GRADIENT_PENALTY])
