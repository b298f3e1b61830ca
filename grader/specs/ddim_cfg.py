"""ddim_cfg: two entries, cfg (a line of arithmetic on two noise predictions) and ddim_step (one
DDIM step between any two steps, t_prev = -1 the final one). Particular to it: schedules drawn
linear, cosine (whose last alpha_bar is about 1e-8, so x0_pred is thousands of times x_t) or
arbitrary, skips of any length, eta drawn in [0, 1] with the noise given (also at eta = 0, where it
must not count), and guidance scales of 0, 1, the usual 7.5 and negative ones. Reference-free
invariants: guidance scales 0 and 1 give the two predictions, eta = 0 ignores the noise, and with
the true noise a deterministic step lands exactly on q(x_prev | x_0) (DDIM's consistency), x_0
itself at t_prev = -1. The mistakes: the sign, the paper's w taken for the scale, sigma's formula
(a factor left out, sigma² for sigma), the direction term without sigma² or unclamped (NaN at
eta = 1 where it rounds below 0), alpha_bar[-1] at the final step. Guidance applied to the two next samples x instead of to the predictions is not a
mistake here: the step is affine in eps with coefficients that sum to one on x_t, so both give
the same sample (the prompt says to combine the predictions, which every right answer does)."""
import math

from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Mistake, Speed

META = dict(title="DDIM step and classifier-free guidance", zh="DDIM采样与无分类器引导", topic="generative models",
            difficulty="medium", minutes=20,
            oracle="the DDIM paper's update (eq. 12, sigma of eq. 16) in float64; diffusers' DDIMScheduler where "
                   "installed")
HINTS = [
    "cfg is one line: eps_uncond + guidance_scale * (eps_cond - eps_uncond). Check it: scale 1 must give "
    "eps_cond, scale 0 eps_uncond.",
    "ddim_step: a_t = alphas_cumprod[t]; a_prev = alphas_cumprod[t_prev] if t_prev >= 0 else 1 (alphas_cumprod[-1] "
    "is the LAST step's, not 1).",
    "x0_pred = (x_t - sqrt(1 - a_t) * eps) / sqrt(a_t); sigma = eta * sqrt((1 - a_prev) / (1 - a_t)) * sqrt(1 - "
    "a_t / a_prev): both factors, and its square is the variance.",
    "x_prev = sqrt(a_prev) * x0_pred + sqrt((1 - a_prev - sigma**2).clamp(min=0)) * eps, plus sigma * noise when "
    "eta > 0 (the direction term leaves room for the noise's variance; the clamp keeps rounding from a NaN).",
]


# ---- schedules, written plainly --------------------------------------------------------------------

def cumprod_of(betas) -> torch.Tensor:
    return torch.cumprod(1 - betas.double(), 0).float()


def linear(T, start=1e-4, end=0.02) -> torch.Tensor:
    return cumprod_of(torch.linspace(start, end, T, dtype=torch.float64))


def cosine(T, s=0.008) -> torch.Tensor:
    return cumprod_of(kit.cosine_betas(T, s))


def arbitrary(T, seed) -> torch.Tensor:
    return cumprod_of(0.001 + 0.5 * torch.rand(T, generator=torch.Generator().manual_seed(seed)))


# ---- cfg -------------------------------------------------------------------------------------------

def cfg_case(eps_uncond, eps_cond, scale, label="") -> Case:
    return Case(args=(eps_uncond, eps_cond, scale), label=label, scale=max(1.0, abs(scale)))


def cfg_inputs(draw) -> Case:
    shape = draw(st.lists(st.integers(1, 5), min_size=1, max_size=4))
    u = kit.randn(draw, *shape)
    c = u + kit.randn(draw, *shape, scale=draw(st.sampled_from([0.1, 1.0])))
    scale = draw(st.one_of(st.sampled_from([0.0, 1.0, 1.5, 7.5, -1.0]), st.floats(-2.0, 20.0)))
    return cfg_case(u, c, scale)


def scales_zero_and_one(call, case):
    u, c, _ = case.args
    for s, want, name in ((0.0, u, "eps_uncond"), (1.0, c, "eps_cond")):
        out = call(cfg_case(u, c, s))
        if not isinstance(out, torch.Tensor) or out.shape != u.shape:
            return                      # the shape check says so
        if not torch.allclose(out.detach(), want, rtol=1e-5, atol=1e-6):
            raise Fail(f"guidance_scale = {s:g} must give {name} itself (eps_uncond + s · (eps_cond - eps_uncond)); "
                       f"it differs by up to {(out.detach() - want).abs().max().item():.3g}")


def cfg_like(mistake):
    """cfg with one classic mistake: "sign", "roles swapped", "paper's w", "no difference"."""
    def cfg(eps_uncond, eps_cond, guidance_scale):
        if mistake == "sign":
            return eps_uncond - guidance_scale * (eps_cond - eps_uncond)
        if mistake == "roles swapped":
            return eps_cond + guidance_scale * (eps_uncond - eps_cond)
        if mistake == "paper's w":
            return eps_uncond + (1 + guidance_scale) * (eps_cond - eps_uncond)
        return eps_uncond + guidance_scale * eps_cond
    return cfg


CFG = Entry(
    "cfg",
    inputs=cfg_inputs,
    examples=[
        cfg_case(torch.tensor([[0.1, 0.2], [-0.3, 0.4]]), torch.tensor([[1.0, -1.0], [0.5, 2.0]]), 3.0,
                 "the prompt's example"),
        cfg_case(seeded(1, 2, 4, 8, 8), seeded(2, 2, 4, 8, 8), 7.5, "latents (2, 4, 8, 8), the usual 7.5"),
        cfg_case(seeded(3, 5), seeded(4, 5), 1.0, "scale 1: the conditional prediction"),
        cfg_case(seeded(5, 5), seeded(6, 5), 0.0, "scale 0: the unconditional prediction"),
        cfg_case(seeded(7, 3, 2), seeded(8, 3, 2), -0.5, "a negative scale"),
    ],
    invariants=[Invariant("scales 0 and 1 give the two predictions", scales_zero_and_one),
                kit.elementwise()],
    mistakes=[
        Mistake("the guidance term's sign is flipped: eps_uncond + s · (eps_cond - eps_uncond) moves TOWARDS the "
                "conditional prediction and beyond", like=cfg_like("sign")),
        Mistake("the roles of eps_cond and eps_uncond are swapped: start from the unconditional prediction and move "
                "towards the conditional one", like=cfg_like("roles swapped")),
        Mistake("the paper's w used as guidance_scale: (1 + s) · eps_cond - s · eps_uncond is the convention where "
                "w = s - 1; here scale 1 must give eps_cond", like=cfg_like("paper's w")),
        Mistake("guidance_scale · eps_cond added without subtracting eps_uncond: the guidance is the DIFFERENCE of "
                "the predictions", like=cfg_like("no difference")),
        Mistake("an input modified in place: work on new tensors", check="inputs unchanged"),
    ],
    speed=Speed(lambda seed: cfg_case(seeded(seed, 64, 4, 32, 32), seeded(seed + 1, 64, 4, 32, 32), 7.5), limit=30.0),
)


# ---- ddim_step -------------------------------------------------------------------------------------

def detached_schedule(impl, case, ns):
    """alphas_cumprod is a constant schedule: passed detached, so its gradient is not graded."""
    x_t, eps, t, t_prev, ab = case.args
    return impl(x_t, eps, t, t_prev, ab.detach(), **case.kwargs)


def step_case(x_t, eps, t, t_prev, ab, eta=None, noise=None, label="") -> Case:
    kwargs = {} if eta is None else {"eta": eta}
    if noise is not None:
        kwargs["noise"] = noise
    a_t = float(ab[t])
    a_prev = float(ab[t_prev]) if t_prev >= 0 else 1.0
    scale = math.sqrt(a_prev / a_t)                 # x0_pred is x_t / sqrt(a_t); the step multiplies by sqrt(a_prev)
    return Case(args=(x_t, eps, t, t_prev, ab), kwargs=kwargs, label=label, scale=max(1.0, scale))


def draw_schedule(draw) -> torch.Tensor:
    T = draw(st.one_of(st.integers(1, 12), st.sampled_from([50, 1000])))
    # arbitrary betas only for short schedules: over a long one their alpha_bar underflows to 0
    kind = draw(st.sampled_from(["linear", "cosine"] + (["arbitrary"] if T <= 12 else [])))
    if kind == "linear":
        return linear(T) if T >= 50 else linear(T, 0.01, 0.3)
    return cosine(T) if kind == "cosine" else arbitrary(T, draw(st.integers(0, 2**16)))


def step_inputs(draw) -> Case:
    ab = draw_schedule(draw)
    T = len(ab)
    t = draw(st.one_of(st.sampled_from([0, T - 1]), st.integers(0, T - 1)))
    t_prev = draw(st.one_of(st.sampled_from([-1, t - 1]), st.integers(-1, t - 1)))
    shape = draw(st.lists(st.integers(1, 5), min_size=1, max_size=4))
    x_t, eps = kit.randn(draw, *shape), kit.randn(draw, *shape)
    eta = draw(st.one_of(st.sampled_from([None, 0.0, 0.5, 1.0]), st.floats(0.0, 1.0)))
    noise = kit.randn(draw, *shape) if eta or draw(st.booleans()) else None
    return step_case(x_t, eps, t, t_prev, ab, eta, noise)


def noise_ignored_at_eta_zero(call, case):
    x_t, eps, t, t_prev, ab = case.args
    noise = case.kwargs.get("noise")
    if noise is None:
        noise = torch.ones_like(x_t)
    a = call(step_case(x_t, eps, t, t_prev, ab, 0.0, noise))
    b = call(step_case(x_t, eps, t, t_prev, ab, 0.0, 3 * noise - 1))
    if isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor) and a.shape == b.shape and \
            not torch.equal(a.detach(), b.detach()):
        raise Fail("with eta = 0 the step changed with the noise: sigma = 0, so DDIM is deterministic")


def lands_on_the_forward_process(call, case):
    """With x_t made from x0 and the true noise, and eps that very noise, eta = 0 gives
    sqrt(a_prev) x0 + sqrt(1 - a_prev) eps: x0 is recovered, and noised again to t_prev."""
    x0, eps, t, t_prev, ab = case.args
    a_t, a_prev = ab[t].double(), (ab[t_prev].double() if t_prev >= 0 else torch.tensor(1.0, dtype=torch.float64))
    x0, eps = x0.double(), eps.double()
    x_t = a_t.sqrt() * x0 + (1 - a_t).sqrt() * eps
    out = call(Case(args=(x_t, eps, t, t_prev, ab.double())))
    want = a_prev.sqrt() * x0 + (1 - a_prev).sqrt() * eps
    if isinstance(out, torch.Tensor) and out.shape == want.shape and \
            not torch.allclose(out.detach().double(), want, rtol=1e-6, atol=1e-6 * case.scale):
        where = "x0 itself" if t_prev < 0 else f"sqrt(a_prev) · x0 + sqrt(1 - a_prev) · eps (a_prev = {a_prev.item():.4g})"
        raise Fail(f"in float64, with x_t = sqrt(a_t) · x0 + sqrt(1 - a_t) · eps (a_t = {a_t.item():.4g}) and the model's "
                   f"eps exactly that noise, a step with eta = 0 to t_prev = {t_prev} must give {where}; it differs by up "
                   f"to {(out.detach().double() - want).abs().max().item():.3g}",
                   mistake=WRAPS if t_prev < 0 and ab[-1] != 1 else "")


def step_like(mistake):
    """ddim_step with one classic mistake: "wraps", "sigma one factor", "sigma squared", "direction without
    sigma", "x0 without sqrt"."""
    def ddim_step(x_t, eps, t, t_prev, alphas_cumprod, eta=0.0, noise=None):
        alphas_cumprod = alphas_cumprod.to(x_t.dtype)
        a_t = alphas_cumprod[t]
        a_prev = alphas_cumprod[t_prev] if t_prev >= 0 or mistake == "wraps" else torch.ones_like(a_t)
        if mistake == "x0 without sqrt":
            x0 = (x_t - (1 - a_t) * eps) / a_t.sqrt()
        else:
            x0 = (x_t - (1 - a_t).sqrt() * eps) / a_t.sqrt()
        var = (1 - a_prev) / (1 - a_t) * (1 - a_t / a_prev)
        if mistake == "sigma one factor":
            var = 1 - a_t / a_prev
        sigma = eta * (var if mistake == "sigma squared" else var.sqrt())
        direction = (1 - a_prev) if mistake == "direction without sigma" else (1 - a_prev - sigma ** 2)
        x_prev = a_prev.sqrt() * x0 + direction.sqrt() * eps
        return x_prev + sigma * noise if eta > 0 else x_prev
    return ddim_step


def unclamped(x_t, eps, t, t_prev, alphas_cumprod, eta=0.0, noise=None):
    alphas_cumprod = alphas_cumprod.to(x_t.dtype)
    a_t = alphas_cumprod[t]
    a_prev = alphas_cumprod[t_prev] if t_prev >= 0 else torch.ones_like(a_t)
    x0 = (x_t - (1 - a_t).sqrt() * eps) / a_t.sqrt()
    sigma = eta * ((1 - a_prev) / (1 - a_t) * (1 - a_t / a_prev)).sqrt()
    x_prev = a_prev.sqrt() * x0 + (1 - a_prev - sigma ** 2).sqrt() * eps
    return x_prev + sigma * noise if eta > 0 else x_prev


WRAPS = ("t_prev = -1 read as alphas_cumprod[-1], the LAST step's alpha_bar: the final step goes to x_0, where "
         "a_prev = 1")

STEP = Entry(
    "ddim_step",
    inputs=step_inputs,
    run=detached_schedule,
    tol={"float32": (1e-4, 1e-4)},     # sqrt(1 - a_prev - sigma²) near 0 turns float32 rounding into ~1e-5
    examples=[
        step_case(torch.tensor([[1.0, -1.0], [0.5, 2.0]]), torch.tensor([[0.1, 0.2], [-0.3, 0.4]]), 3, 1,
                  torch.tensor([0.9, 0.72, 0.504, 0.3024]), label="the prompt's example, eta = 0"),
        step_case(torch.tensor([[1.0, -1.0], [0.5, 2.0]]), torch.tensor([[0.1, 0.2], [-0.3, 0.4]]), 3, 1,
                  torch.tensor([0.9, 0.72, 0.504, 0.3024]), 1.0, torch.tensor([[1.0, 0.0], [0.0, -1.0]]),
                  label="the prompt's example, eta = 1"),
        step_case(torch.tensor([[1.0, -1.0], [0.5, 2.0]]), torch.tensor([[0.1, 0.2], [-0.3, 0.4]]), 0, -1,
                  torch.tensor([0.9, 0.72, 0.504, 0.3024]), label="the prompt's final step, t_prev = -1"),
        step_case(seeded(1, 2, 4, 4, 4), seeded(2, 2, 4, 4, 4), 999, 979, linear(1000), 0.5, seeded(3, 2, 4, 4, 4),
                  label="latents, the linear schedule, 50 sampling steps, eta = 0.5"),
        step_case(seeded(4, 3, 5), seeded(5, 3, 5), 999, 899, cosine(1000), 1.0, seeded(6, 3, 5),
                  label="the cosine schedule from its last step, eta = 1"),
        step_case(seeded(7, 6), seeded(8, 6), 20, -1, linear(50, 0.01, 0.3), 0.7, seeded(9, 6),
                  label="one step from t = 20 to x_0 with eta = 0.7: sigma is 0 there"),
        step_case(seeded(10, 4), seeded(11, 4), 1, 0, arbitrary(2, 3), 0.0, seeded(12, 4),
                  label="eta = 0 with a noise given: it must not count"),
        step_case(seeded(13, 2, 3), seeded(14, 2, 3), 30, 10, cosine(50).double(), 0.5, seeded(15, 2, 3),
                  label="alphas_cumprod in float64, x_t in float32: the result is float32"),
    ],
    extreme=[
        step_case(torch.tensor([1.541]), torch.tensor([1.541]), 999, 1, linear(1000), 1.0, torch.tensor([1.541]),
                  label="eta = 1 from t = 999 to t_prev = 1: 1 - a_prev - sigma² rounds below 0 in float32"),
    ],
    invariants=[Invariant("eta = 0 ignores the noise", noise_ignored_at_eta_zero),
                Invariant("the true noise lands on q(x_prev | x_0)", lands_on_the_forward_process)],
    mistakes=[
        Mistake(WRAPS, like=step_like("wraps")),
        Mistake("sigma without its first factor: sigma = eta · sqrt((1 - a_prev) / (1 - a_t)) · sqrt(1 - a_t / a_prev)",
                like=step_like("sigma one factor")),
        Mistake("sigma² used as sigma: sigma is eta times the SQUARE ROOT of (1 - a_prev) / (1 - a_t) · (1 - a_t / "
                "a_prev)", like=step_like("sigma squared")),
        Mistake("the direction term's coefficient is sqrt(1 - a_prev - sigma²): without - sigma² the noise's "
                "variance is counted twice", like=step_like("direction without sigma")),
        Mistake("x0_pred subtracts (1 - a_t) · eps: the noise's coefficient is sqrt(1 - a_t)",
                like=step_like("x0 without sqrt")),
        Mistake("1 - a_prev - sigma² not clamped at 0: at eta = 1 it is 0 up to rounding and may round below 0, "
                "where its sqrt is NaN", like=unclamped),
        Mistake("the noise used at eta = 0, where it may be None: add sigma · noise only when eta > 0",
                error="NoneType"),
        Mistake("an input modified in place: work on new tensors", check="inputs unchanged"),
    ],
    speed=Speed(lambda seed: step_case(seeded(seed, 64, 4, 32, 32), seeded(seed + 1, 64, 4, 32, 32), 999, 979,
                                       linear(1000), 0.5, seeded(seed + 2, 64, 4, 32, 32)), limit=30.0),
)

DRILL = Drill(entries=[CFG, STEP])
