"""ddpm: five entries, two schedules and three functions of a schedule. Particular to it: time steps
are 0-based and per sample (a (B,) LongTensor, t = 0 and t = T - 1 in the same batch), schedules
drawn linear, cosine (whose last beta is clipped at 0.999, so 1 / sqrt(alpha_t) reaches 31.6) or
arbitrary, and samples of any trailing shape, square (B, B) among them where a (B,) factor that is
not reshaped broadcasts along the last axis without an error. The noise is an argument, so every
entry is deterministic and graded on values and gradients (betas comes in detached: a constant
schedule). ddpm_loss is called with a small time-conditioned toy model defined here. Invariants: a
model that predicts the noise exactly has loss 0, no noise is added at t = 0, samples independent.
The mistakes: alpha against alpha-bar, t off by one (including alpha_bar[t - 1] wrapping round at
t = 0), the sqrt left out, beta_t as the variance, sigma used as the variance, x0 as the target."""
import math

from hypothesis import strategies as st

import torch
import torch.nn.functional as F
from grader.engine import kit
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="DDPM: schedules, noising, loss and a reverse step", zh="扩散模型DDPM", topic="generative models",
            difficulty="medium", minutes=25,
            oracle="the DDPM and improved-DDPM papers' closed forms in float64; diffusers' DDPMScheduler "
                   "where installed")
HINTS = [
    "alpha_bar = torch.cumprod(1 - betas, dim=0): step t's own alpha is included, so alpha_bar[0] = 1 - "
    "betas[0]. Index it with t directly (0-based), never t - 1.",
    "alpha_bar[t] is (B,): reshape it to (B, 1, ..., 1) with .reshape(-1, *[1] * (x.dim() - 1)) before "
    "multiplying a (B, ...) sample; a bare (B,) broadcasts along the LAST axis.",
    "q_sample: sqrt(ab) * x0 + sqrt(1 - ab) * noise. The loss: F.mse_loss(eps_model(x_t, t), noise) — "
    "the target is the noise, not x0.",
    "p_sample: alpha_bar_prev = torch.cat([ones(1), alpha_bar[:-1]]) gives alpha_bar_{-1} = 1 (alpha_bar[t - 1] "
    "at t = 0 would wrap round to the LAST step). Variance beta * (1 - ab_prev) / (1 - ab), zero at t = 0; "
    "add its sqrt times the noise.",
]


# ---- schedules written plainly (no reference): float64 then float32 --------------------------------

def linear(T, beta_start=1e-4, beta_end=0.02) -> torch.Tensor:
    return torch.linspace(beta_start, beta_end, T, dtype=torch.float64).float()


def cosine(T, s=0.008, max_beta=0.999) -> torch.Tensor:
    return kit.cosine_betas(T, s, max_beta).float()


def arbitrary(T, seed) -> torch.Tensor:
    g = torch.Generator().manual_seed(seed)
    return 0.001 + 0.6 * torch.rand(T, generator=g)


def draw_betas(draw) -> torch.Tensor:
    T = draw(st.one_of(st.integers(1, 12), st.sampled_from([50, 1000])))
    # arbitrary betas only for short schedules: over a long one their alpha_bar underflows to 0
    kind = draw(st.sampled_from(["linear", "cosine"] + (["arbitrary"] if T <= 12 else [])))
    if kind == "linear":
        return linear(T) if T >= 50 else linear(T, 0.01, 0.3)
    return cosine(T) if kind == "cosine" else arbitrary(T, draw(st.integers(0, 2**16)))


def draw_steps(draw, B, T) -> torch.Tensor:
    return torch.tensor([draw(st.one_of(st.sampled_from([0, T - 1]), st.integers(0, T - 1))) for _ in range(B)])


def draw_shape(draw):
    B = draw(st.integers(1, 4))
    rest = draw(st.one_of(st.just([B]), st.lists(st.integers(1, 4), min_size=0, max_size=3)))
    return (B, *rest)


def detached_betas(impl, case, ns):
    """betas is a constant schedule: passed detached, so its gradient is not graded."""
    at = 3                                  # (x0, t, noise, betas), (x_t, t, eps, betas, noise)
    if len(case.args) == 5 and not isinstance(case.args[0], torch.Tensor):
        at = 4                              # (eps_model, x0, t, noise, betas)
    args = list(case.args)
    args[at] = args[at].detach()
    return impl(*args, **case.kwargs)


def scale_of(betas, t) -> float:
    """p_sample divides by sqrt(1 - beta_t): float32 rounding grows with it."""
    return float(1 / (1 - betas[t].max()).sqrt()) if len(t) else 1.0


# ---- the schedules ---------------------------------------------------------------------------------

def linear_inputs(draw) -> Case:
    T = draw(st.one_of(st.integers(1, 20), st.sampled_from([100, 1000, 4000])))
    if draw(st.booleans()):
        return Case(args=(T,))
    start = draw(st.sampled_from([1e-4, 1e-3, 0.01]))
    return Case(args=(T,), kwargs={"beta_start": start, "beta_end": draw(st.sampled_from([0.02, 0.05, 0.3]))})


def cosine_inputs(draw) -> Case:
    T = draw(st.one_of(st.integers(1, 20), st.sampled_from([100, 1000, 4000])))
    kwargs = {}
    if draw(st.booleans()):
        kwargs["s"] = draw(st.sampled_from([0.0, 0.008, 0.1]))
    if draw(st.booleans()):
        kwargs["max_beta"] = draw(st.sampled_from([0.5, 0.9, 0.999, 1.0]))
    return Case(args=(T,), kwargs=kwargs)


def linear_without_end(T, beta_start=1e-4, beta_end=0.02):
    return beta_start + (beta_end - beta_start) * torch.arange(T, dtype=torch.float32) / T


def cosine_like(mistake):
    """cosine_betas with one classic mistake: "no clip", "first beta 0", "s ignored", "not squared",
    "alpha bar returned"."""
    def cosine_betas(T, s=0.008, max_beta=0.999):
        s_ = 0.0 if mistake == "s ignored" else s
        u = torch.arange(T + 1, dtype=torch.float64) / T
        f = torch.cos((u + s_) / (1 + s_) * math.pi / 2) ** (1 if mistake == "not squared" else 2)
        if mistake == "alpha bar returned":
            return (f[1:] / f[0]).float()
        if mistake == "first beta 0":           # alpha_bar_t = f(t / T) / f(0): one step late
            alpha_bar = f[:-1] / f[0]
            prev = torch.cat([torch.ones(1, dtype=torch.float64), alpha_bar[:-1]])
            return (1 - alpha_bar / prev).clamp(max=max_beta).float()
        betas = 1 - f[1:] / f[:-1]
        return (betas if mistake == "no clip" else betas.clamp(max=max_beta)).float()
    return cosine_betas


LINEAR = Entry(
    "linear_betas",
    inputs=linear_inputs,
    examples=[
        Case(args=(4, 0.1, 0.4), label="the prompt's example"),
        Case(args=(1000,), label="DDPM's T = 1000"),
        Case(args=(1,), label="T = 1 gives [beta_start]"),
        Case(args=(2,), kwargs={"beta_start": 0.001, "beta_end": 0.05}, label="T = 2: the two ends"),
    ],
    mistakes=[Mistake("beta_end left out: the spacing is (beta_end - beta_start) / (T - 1), so the last beta is "
                      "beta_end (torch.linspace)", like=linear_without_end)],
    grad=False,
)

COSINE = Entry(
    "cosine_betas",
    inputs=cosine_inputs,
    examples=[
        Case(args=(1000,), label="the prompt's example, T = 1000: the last beta is clipped"),
        Case(args=(10,), label="T = 10"),
        Case(args=(1,), label="T = 1"),
        Case(args=(8,), kwargs={"s": 0.1, "max_beta": 0.9}, label="s = 0.1, max_beta = 0.9"),
    ],
    mistakes=[
        Mistake("betas not clipped at max_beta: the last one is 1 - f(1) / f((T - 1) / T) = 1 (f(1) = 0), "
                "where alpha_t = 0", like=cosine_like("no clip")),
        Mistake("t off by one: alpha_bar_t is f((t + 1) / T) / f(0) (it includes step t), so beta_t = 1 - "
                "f((t + 1) / T) / f(t / T); taken at t / T, the first beta is 0", like=cosine_like("first beta 0")),
        Mistake("the offset s ignored: f(u) = cos²((u + s) / (1 + s) · π/2)", like=cosine_like("s ignored")),
        Mistake("cos not squared: f(u) = cos²(...)", like=cosine_like("not squared")),
        Mistake("alpha_bar returned instead of the betas: beta_t = 1 - alpha_bar_t / alpha_bar_{t-1}",
                like=cosine_like("alpha bar returned")),
    ],
    grad=False,
)


# ---- q_sample --------------------------------------------------------------------------------------

def q_case(x0, t, noise, betas, label="") -> Case:
    return Case(args=(x0, t, noise, betas), label=label)


def q_inputs(draw) -> Case:
    betas = draw_betas(draw)
    shape = draw_shape(draw)
    x0 = kit.randn(draw, *shape, scale=draw(st.sampled_from([1.0, 3.0])))
    return q_case(x0, draw_steps(draw, shape[0], len(betas)), kit.randn(draw, *shape), betas)


def q_like(mistake):
    """q_sample with one classic mistake: "alpha", "no sqrt", "t - 1", "not reshaped"."""
    def q_sample(x0, t, noise, betas):
        betas = betas.to(x0.dtype)
        alpha_bar = torch.cumprod(1 - betas, dim=0)
        ab = {"alpha": 1 - betas[t], "t - 1": alpha_bar[t - 1]}.get(mistake, alpha_bar[t])
        if mistake != "not reshaped":
            ab = ab.reshape(-1, *[1] * (x0.dim() - 1))
        if mistake == "no sqrt":
            return ab * x0 + (1 - ab) * noise
        return ab.sqrt() * x0 + (1 - ab).sqrt() * noise
    return q_sample


ALPHA_NOT_BAR = ("alpha_t = 1 - beta_t used where alpha_bar_t, the product of every alpha up to t, is meant: "
                 "alpha_bar = torch.cumprod(1 - betas, 0)")
T_MINUS_ONE = ("t off by one: alpha_bar[t - 1] used, but t is 0-based and alpha_bar_t includes step t (at t = 0, "
               "alpha_bar[-1] is the LAST step's)")
NOT_RESHAPED = ("the (B,) factor gathered at t is not reshaped to (B, 1, ..., 1): it broadcasts along the last axis, "
                "so sample i is scaled by sample j's factor")

Q_SAMPLE = Entry(
    "q_sample",
    inputs=q_inputs,
    run=detached_betas,
    examples=[
        q_case(torch.tensor([[1.0, -1.0], [0.5, 2.0]]), torch.tensor([0, 3]), torch.tensor([[0.1, 0.2], [-0.3, 0.4]]),
               linear(4, 0.1, 0.4), "the prompt's example"),
        q_case(seeded(1, 3, 3), torch.tensor([0, 500, 999]), seeded(2, 3, 3), linear(1000),
               "square (3, 3) samples, the linear schedule at t = 0, 500, 999"),
        q_case(seeded(3, 2, 3, 4, 4), torch.tensor([999, 10]), seeded(4, 2, 3, 4, 4), cosine(1000),
               "images (2, 3, 4, 4), the cosine schedule"),
        q_case(seeded(5, 4), torch.tensor([0, 1, 2, 0]), seeded(6, 4), arbitrary(3, 7), "x0 (4,): one number each"),
        q_case(seeded(7, 1, 5), torch.tensor([0]), seeded(8, 1, 5), linear(1), "T = 1, one sample"),
        q_case(seeded(13, 2, 3), torch.tensor([4, 49]), seeded(14, 2, 3), cosine(50).double(),
               "betas in float64, x0 in float32: the result is float32"),
    ],
    invariants=[kit.batch_independence(name="samples independent")],
    mistakes=[
        Mistake(ALPHA_NOT_BAR, like=q_like("alpha")),
        Mistake("the square roots left out: x_t = sqrt(alpha_bar) x0 + sqrt(1 - alpha_bar) noise, so that the "
                "variance is kept", like=q_like("no sqrt")),
        Mistake(T_MINUS_ONE, like=q_like("t - 1")),
        Mistake(NOT_RESHAPED, like=q_like("not reshaped")),
        Mistake("an input modified in place: work on new tensors", check="inputs unchanged"),
    ],
    loops=Loops(small=q_case(seeded(9, 3, 8), torch.tensor([0, 5, 9]), seeded(10, 3, 8), linear(10, 0.01, 0.3)),
                large=q_case(seeded(11, 9, 8), torch.tensor([0, 5, 9, 1, 2, 3, 4, 6, 7]), seeded(12, 9, 8),
                             linear(10, 0.01, 0.3)), over="the samples"),
    speed=Speed(lambda seed: q_case(seeded(seed, 256, 3, 8, 8), torch.arange(256) * 3, seeded(seed + 1, 256, 3, 8, 8),
                                    linear(1000)), limit=30.0),
)


# ---- ddpm_loss, with a toy model ---------------------------------------------------------------------

class ToyModel:
    """A small time-conditioned noise predictor: tanh(x_t W + emb[t]), per sample, weights cast to x_t's
    dtype and device. It checks how it is called, so that a wrong call reads clearly."""

    def __init__(self, d: int, T: int, seed: int):
        g = torch.Generator().manual_seed(seed)
        self.W = torch.randn(d, d, generator=g) / math.sqrt(d)
        self.emb = torch.randn(T, d, generator=g)
        self.__name__ = f"toy_model(d={d}, T={T}, seed={seed})"

    def __call__(self, x_t, t):
        if not isinstance(t, torch.Tensor) or t.dtype != torch.long or t.shape != x_t.shape[:1]:
            raise TypeError(f"eps_model(x_t, t) takes t as the (B,) LongTensor it was given, got "
                            f"{t.dtype if isinstance(t, torch.Tensor) else type(t).__name__} "
                            f"{tuple(t.shape) if isinstance(t, torch.Tensor) else ''}")
        h = x_t.reshape(x_t.shape[0], -1)
        W, emb = self.W.to(x_t.dtype).to(x_t.device), self.emb.to(x_t.dtype).to(x_t.device)
        return torch.tanh(h @ W + emb[t]).reshape(x_t.shape)


class KnowsTheNoise:
    """A model that predicts the noise exactly."""

    def __init__(self, noise):
        self.noise, self.__name__ = noise, "a model that returns the very noise"

    def __call__(self, x_t, t):
        return self.noise.to(x_t.dtype).to(x_t.device).clone()


def loss_case(x0, t, noise, betas, seed=0, label="") -> Case:
    model = ToyModel(x0[0].numel(), len(betas), seed)
    return Case(args=(model, x0, t, noise, betas), label=label, seed=seed)


def loss_inputs(draw) -> Case:
    q = q_inputs(draw)
    x0, t, noise, betas = q.args
    return loss_case(x0, t, noise, betas, seed=draw(st.integers(0, 2**16)))


def perfect_model_zero_loss(call, case):
    _, x0, t, noise, betas = case.args
    loss = call(Case(args=(KnowsTheNoise(noise), x0, t, noise, betas)))
    if not isinstance(loss, torch.Tensor) or loss.numel() != 1:
        return                          # the shape check says so
    if abs(float(loss)) > 1e-6:
        raise Fail(f"with a model that returns exactly the noise that made x_t, the loss must be 0; got "
                   f"{float(loss):.6g}: the model's target is the noise", mistake=TARGET_X0)


def loss_like(mistake):
    """ddpm_loss with one classic mistake: "target x0", "model on x0", "sum", or one of q_sample's."""
    def ddpm_loss(eps_model, x0, t, noise, betas):
        x_t = q_like(mistake)(x0, t, noise, betas)
        pred = eps_model(x0 if mistake == "model on x0" else x_t, t)
        if mistake == "target x0":
            return F.mse_loss(pred, x0)
        return ((pred - noise) ** 2).sum() if mistake == "sum" else F.mse_loss(pred, noise)
    return ddpm_loss


TARGET_X0 = "the target is x0: an ε-prediction model is trained to predict the NOISE that made x_t"

LOSS = Entry(
    "ddpm_loss",
    inputs=loss_inputs,
    run=detached_betas,
    examples=[
        loss_case(torch.tensor([[1.0, -1.0], [0.5, 2.0]]), torch.tensor([0, 3]),
                  torch.tensor([[0.1, 0.2], [-0.3, 0.4]]), linear(4, 0.1, 0.4), 0, "the prompt's tensors"),
        loss_case(seeded(1, 3, 3), torch.tensor([0, 500, 999]), seeded(2, 3, 3), linear(1000), 1,
                  "square (3, 3) samples, the linear schedule"),
        loss_case(seeded(3, 2, 3, 4, 4), torch.tensor([999, 10]), seeded(4, 2, 3, 4, 4), cosine(1000), 2,
                  "images (2, 3, 4, 4), the cosine schedule"),
        loss_case(seeded(5, 1, 6), torch.tensor([0]), seeded(6, 1, 6), arbitrary(2, 3), 3, "one sample at t = 0"),
        loss_case(seeded(7, 2, 3), torch.tensor([4, 49]), seeded(8, 2, 3), cosine(50).double(), 4,
                  "betas in float64, x0 in float32: the loss is float32"),
    ],
    invariants=[Invariant("a model that predicts the noise exactly has loss 0", perfect_model_zero_loss)],
    mistakes=[
        Mistake(TARGET_X0, like=loss_like("target x0")),
        Mistake("the model is given x0: it sees the NOISED sample, eps_model(x_t, t)", like=loss_like("model on x0")),
        Mistake("squared errors summed: the loss is their mean over every element", like=loss_like("sum")),
        Mistake(ALPHA_NOT_BAR, like=loss_like("alpha")),
        Mistake(T_MINUS_ONE, like=loss_like("t - 1")),
        Mistake(NOT_RESHAPED, like=loss_like("not reshaped")),
    ],
    loops=Loops(small=loss_case(seeded(9, 3, 8), torch.tensor([0, 5, 9]), seeded(10, 3, 8), linear(10, 0.01, 0.3)),
                large=loss_case(seeded(11, 9, 8), torch.tensor([0, 5, 9, 1, 2, 3, 4, 6, 7]), seeded(12, 9, 8),
                                linear(10, 0.01, 0.3)), over="the samples"),
    speed=Speed(lambda seed: loss_case(seeded(seed, 256, 3, 4, 4), torch.arange(256) * 3,
                                       seeded(seed + 1, 256, 3, 4, 4), linear(1000), seed), limit=30.0),
)


# ---- p_sample ----------------------------------------------------------------------------------------

def p_case(x_t, t, eps, betas, noise, label="") -> Case:
    return Case(args=(x_t, t, eps, betas, noise), label=label, scale=scale_of(betas, t))


def p_inputs(draw) -> Case:
    betas = draw_betas(draw)
    shape = draw_shape(draw)
    x_t = kit.randn(draw, *shape, scale=draw(st.sampled_from([1.0, 3.0])))
    return p_case(x_t, draw_steps(draw, shape[0], len(betas)), kit.randn(draw, *shape), betas, kit.randn(draw, *shape))


def no_noise_at_zero(call, case):
    x_t, t, eps, betas, noise = case.args
    zero = torch.zeros_like(t)
    a = call(Case(args=(x_t, zero, eps, betas, noise)))
    b = call(Case(args=(x_t, zero, eps, betas, -2 * noise + 1)))
    if isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor) and a.shape == b.shape and \
            not torch.allclose(a.detach(), b.detach(), rtol=1e-6, atol=1e-6 * case.scale):
        raise Fail(f"at t = 0 the output changed with the noise (by up to {(a - b).abs().max().item():.3g}): the "
                   f"posterior variance at t = 0 is beta_0 (1 - alpha_bar_-1) / (1 - alpha_bar_0) = 0, with "
                   f"alpha_bar_-1 = 1, so the last step adds no noise", mistake=NOISE_AT_ZERO)


def p_like(mistake):
    """p_sample with one classic mistake: "beta variance", "wraps", "alpha bar in mean", "no sqrt in coef",
    "sigma as variance"."""
    def p_sample(x_t, t, eps, betas, noise):
        betas = betas.to(x_t.dtype)
        alpha_bar = torch.cumprod(1 - betas, dim=0)
        shape = (-1, *[1] * (x_t.dim() - 1))
        beta, ab = betas[t].reshape(shape), alpha_bar[t].reshape(shape)
        ab_prev = alpha_bar[t - 1] if mistake == "wraps" else torch.where(t > 0, alpha_bar[t - 1], 1.0)
        ab_prev = ab_prev.reshape(shape)
        coef = beta / (1 - ab) if mistake == "no sqrt in coef" else beta / (1 - ab).sqrt()
        mean = (x_t - coef * eps) / (ab.sqrt() if mistake == "alpha bar in mean" else (1 - beta).sqrt())
        var = torch.where(t.reshape(shape) > 0, beta, 0.0) if mistake == "beta variance" \
            else beta * (1 - ab_prev) / (1 - ab)
        return mean + (var if mistake == "sigma as variance" else var.sqrt()) * noise
    return p_sample


NOISE_AT_ZERO = ("noise added at t = 0: alpha_bar_{t-1} at t = 0 is alpha_bar_-1 = 1 (alpha_bar[t - 1] wraps round to "
                 "the last step), so the posterior variance and the noise vanish there")

P_SAMPLE = Entry(
    "p_sample",
    inputs=p_inputs,
    run=detached_betas,
    examples=[
        p_case(torch.tensor([[1.0, -1.0], [0.5, 2.0]]), torch.tensor([0, 3]), torch.tensor([[0.1, 0.2], [-0.3, 0.4]]),
               linear(4, 0.1, 0.4), torch.tensor([[0.1, 0.2], [-0.3, 0.4]]), "the prompt's example"),
        p_case(seeded(1, 3, 3), torch.tensor([0, 500, 999]), seeded(2, 3, 3), linear(1000), seeded(3, 3, 3),
               "square (3, 3) samples, the linear schedule at t = 0, 500, 999"),
        p_case(seeded(4, 2, 3, 4, 4), torch.tensor([999, 1]), seeded(5, 2, 3, 4, 4), cosine(1000), seeded(6, 2, 3, 4, 4),
               "images, the cosine schedule at its clipped last step and at t = 1"),
        p_case(seeded(7, 4), torch.tensor([0, 1, 2, 1]), seeded(8, 4), arbitrary(3, 9), seeded(9, 4),
               "x_t (4,): one number each"),
        p_case(seeded(10, 2, 5), torch.tensor([0, 0]), seeded(11, 2, 5), cosine(50), seeded(12, 2, 5),
               "every sample at t = 0: no noise"),
        p_case(seeded(13, 2, 3), torch.tensor([4, 49]), seeded(14, 2, 3), cosine(50).double(), seeded(15, 2, 3),
               "betas in float64, x_t in float32: the result is float32"),
    ],
    invariants=[Invariant("no noise at t = 0", no_noise_at_zero), kit.batch_independence(name="samples independent")],
    mistakes=[
        Mistake("variance beta_t instead of the posterior variance beta_t (1 - alpha_bar_{t-1}) / (1 - alpha_bar_t)",
                like=p_like("beta variance")),
        Mistake(NOISE_AT_ZERO, like=p_like("wraps")),
        Mistake("the mean divides by sqrt(alpha_bar_t): one reverse step divides by sqrt(alpha_t) = sqrt(1 - beta_t)",
                like=p_like("alpha bar in mean")),
        Mistake("the noise prediction's coefficient is beta_t / sqrt(1 - alpha_bar_t): its sqrt left out",
                like=p_like("no sqrt in coef")),
        Mistake("the variance used as the standard deviation: add sqrt(variance) * noise", like=p_like("sigma as variance")),
        Mistake("an input modified in place: work on new tensors", check="inputs unchanged"),
    ],
    loops=Loops(small=p_case(seeded(9, 3, 8), torch.tensor([0, 5, 9]), seeded(10, 3, 8), linear(10, 0.01, 0.3),
                             seeded(13, 3, 8)),
                large=p_case(seeded(11, 9, 8), torch.tensor([0, 5, 9, 1, 2, 3, 4, 6, 7]), seeded(12, 9, 8),
                             linear(10, 0.01, 0.3), seeded(14, 9, 8)), over="the samples"),
    speed=Speed(lambda seed: p_case(seeded(seed, 256, 3, 8, 8), torch.arange(256) * 3, seeded(seed + 1, 256, 3, 8, 8),
                                    linear(1000), seeded(seed + 2, 256, 3, 8, 8)), limit=30.0),
)

DRILL = Drill(entries=[LINEAR, COSINE, Q_SAMPLE, LOSS, P_SAMPLE])
