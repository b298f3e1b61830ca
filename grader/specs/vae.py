"""vae: two entries. reparameterize is random: each element of z is judged by its distribution against
the exact N(mu, exp(logvar)) over 2000 draws, slots with logvar from -3 to 2.5 so that sigma against
sigma² against log sigma² all show, and its gradients are graded exactly without a reference (dz/dmu
= 1, dz/dlogvar = (z - mu) / 2 per element): torch.normal, .detach() or torch.no_grad() give zero or
no gradient. vae_loss is deterministic: three outputs (the loss and the per-sample recon and kl),
x in [0, 1] binary or not and detached (data), logits up to ±100 where a sigmoid rounds to 0 or 1,
logvar from -6 to 8. Invariants: a posterior equal to the prior has KL 0, KL >= 0, samples
independent. The mistakes: sigma against log sigma², the KL's sign, its 1, its mean over the
latent dims, the reconstruction's mean over the data, log of a sigmoid, a summed batch."""
import math

from hypothesis import strategies as st

import torch
import torch.nn.functional as F
from grader.engine import kit
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Sampled, Speed

META = dict(title="VAE: reparameterisation and the ELBO", zh="变分自编码器VAE", topic="generative models",
            difficulty="easy", minutes=15,
            oracle="torch.distributions.kl_divergence of Normals and F.binary_cross_entropy_with_logits; the "
                   "reparameterised draws against the exact normal CDF")
HINTS = [
    "logvar is log sigma², so sigma = exp(logvar / 2) (or logvar.mul(0.5).exp()), NOT exp(logvar) and not "
    "logvar itself.",
    "z = mu + sigma * eps with eps = torch.randn(mu.shape, generator=generator, dtype=mu.dtype, "
    "device=mu.device): z is then an ordinary function of mu and logvar, so gradients reach both. "
    "torch.normal(mu, sigma) gives no gradient.",
    "kl = -0.5 * (1 + logvar - mu**2 - logvar.exp()).sum(1): a SUM over the latent dims, and positive.",
    "recon = F.binary_cross_entropy_with_logits(x_logits, x, reduction='none').flatten(1).sum(1) (stable for "
    "any logits; log(sigmoid(...)) is not). loss = (recon + kl).mean().",
]


# ---- reparameterize, judged by distribution ------------------------------------------------------

N = 2000                                                     # draws per sampled case
MU = torch.tensor([0.0, 2.0, -1.0, 0.5, 0.0])
LOGVAR = torch.tensor([0.0, 1.5, -2.0, 2.5, -3.0])           # sigma 1, 2.1, 0.37, 3.5, 0.22


def gen(seed: int) -> torch.Generator:
    return torch.Generator().manual_seed(seed)


def draws(mu, logvar, label) -> Case:
    shape = mu.shape
    return Case(args=(mu.expand(N, *shape).clone(), logvar.expand(N, *shape).clone()),
                label=f"{N} draws of mu = {mu.flatten().tolist()}, logvar = {logvar.flatten().tolist()}, {label}")


def normal_cdfs(case):
    """The exact CDF of each element of one draw: N(mu, exp(logvar))."""
    mu, logvar = case.args[0][0].flatten().tolist(), case.args[1][0].flatten().tolist()
    return [lambda x, m=m, s=math.exp(lv / 2): 0.5 * (1 + torch.erf((x.double() - m) / (s * math.sqrt(2.0))))
            for m, lv in zip(mu, logvar)]


def rep_inputs(draw) -> Case:
    shape = draw(st.lists(st.integers(1, 5), min_size=0, max_size=3))
    mu = kit.randn(draw, *shape, scale=draw(st.sampled_from([0.5, 2.0])))
    logvar = kit.randn(draw, *shape, scale=draw(st.sampled_from([0.5, 2.0])))
    return Case(args=(mu, logvar), kwargs={"generator": kit.generator(draw)})


def _z(call, case):
    out = call(case)
    if not isinstance(out, torch.Tensor) or out.shape != case.args[0].shape:
        return None                     # the shape check says so
    return out


BLOCKS_GRADIENTS = ("the draw blocks gradients: z must be mu + sigma · eps, an ordinary function of mu and logvar "
                    "(torch.normal(mu, sigma) gives zero gradients; .detach() or torch.no_grad() give none)")


def gradients_exact(call, case):
    """dz/dmu = 1 and dz/dlogvar = (z - mu) / 2, element by element, whatever eps was drawn.
    mu and logvar are not leaves, so that code which edits them in place still runs here."""
    mu, logvar = case.args
    leaves = mu.detach().clone().requires_grad_(), logvar.detach().clone().requires_grad_()
    with torch.enable_grad():
        z = _z(call, Case(args=(leaves[0] * 1.0, leaves[1] * 1.0), kwargs=case.kwargs))
        if z is None:
            return
        if not z.requires_grad:
            raise Fail("z does not require grad while mu and logvar do: no gradient reaches them", mistake=BLOCKS_GRADIENTS)
        g_mu, g_logvar = torch.autograd.grad(z.sum(), leaves, allow_unused=True)
    z = z.detach()
    for name, got, want in (("mu", g_mu, torch.ones_like(z)), ("logvar", g_logvar, 0.5 * (z - mu))):
        got = torch.zeros_like(z) if got is None else got
        if not torch.allclose(got, want, rtol=1e-4, atol=1e-5):
            i = tuple(int(k) for k in torch.unravel_index((got - want).abs().argmax(), z.shape)) if z.dim() else ()
            raise Fail(f"dz/d{name} at {list(i)} is {got[i].item():.6g}, expected "
                       f"{'1' if name == 'mu' else '(z - mu) / 2 = ' + format(want[i].item(), '.6g')}: z = mu + "
                       f"exp(logvar / 2) · eps has these gradients whatever eps is",
                       mistake=BLOCKS_GRADIENTS if not got.abs().sum() else "")


def global_rng_without_generator(call, case):
    mu, logvar = torch.zeros(64), torch.zeros(64)
    saved = torch.get_rng_state()
    try:
        outs = []
        for seed in (1, 1, 2):
            torch.manual_seed(seed)
            outs.append(_z(call, Case(args=(mu, logvar))))
    finally:
        torch.set_rng_state(saved)
    if any(o is None for o in outs):
        return
    if not torch.equal(outs[0].detach(), outs[1].detach()):
        raise Fail("with generator=None, two calls after torch.manual_seed(1) gave different z: without a generator, "
                   "draw from torch's global RNG (pass generator=None on to torch.randn)")
    if torch.equal(outs[0].detach(), outs[2].detach()):
        raise Fail("with generator=None, calls after torch.manual_seed(1) and torch.manual_seed(2) gave the same z: "
                   "without a generator, draw from torch's global RNG, not from a generator of your own")


def rep_like(mistake):
    """reparameterize with one classic mistake: "variance as sigma", "logvar as sigma", "uniform",
    "torch.normal", "detached"."""
    def reparameterize(mu, logvar, generator=None):
        if mistake == "torch.normal":
            return torch.normal(mu, (0.5 * logvar).exp(), generator=generator)
        if mistake == "uniform":
            eps = torch.rand(mu.shape, generator=generator, dtype=mu.dtype, device=mu.device)
        else:
            eps = torch.randn(mu.shape, generator=generator, dtype=mu.dtype, device=mu.device)
        sigma = {"variance as sigma": logvar.exp(), "logvar as sigma": logvar}.get(mistake, (0.5 * logvar).exp())
        z = mu + sigma * eps
        return z.detach() if mistake == "detached" else z
    return reparameterize


REPARAMETERIZE = Entry(
    "reparameterize",
    inputs=rep_inputs,
    examples=[
        Case(args=(torch.tensor([[0.0, 1.0], [2.0, -1.0]]), torch.tensor([[0.0, -2.0], [1.0, 0.5]])),
             kwargs={"generator": gen(0)}, label="the prompt's example"),
        Case(args=(seeded(1, 4, 8), seeded(2, 4, 8)), kwargs={"generator": gen(1)}, label="(4, 8) latents"),
        Case(args=(torch.tensor(0.5), torch.tensor(-1.0)), kwargs={"generator": gen(2)}, label="0-d tensors"),
        Case(args=(seeded(3, 2, 3).double(), seeded(4, 2, 3).double()),
             kwargs={"generator": gen(3)}, label="float64: z is float64"),
        Case(args=(seeded(5, 3, 4), seeded(6, 3, 4, scale=4.0)), kwargs={"generator": gen(4)},
             label="logvar from about -8 to 8"),
    ],
    invariants=[Invariant("gradients dz/dmu = 1 and dz/dlogvar = (z - mu) / 2", gradients_exact),
                Invariant("generator=None draws from torch's global RNG", global_rng_without_generator, drawn=False)],
    sampled=Sampled(cases=[draws(MU, LOGVAR, "five slots"),
                           draws(MU[:4].reshape(2, 2), LOGVAR[:4].reshape(2, 2), "a (2, 2) latent")],
                    probs=normal_cdfs),
    mistakes=[
        Mistake("exp(logvar) used as sigma: logvar is log sigma², so sigma = exp(logvar / 2)",
                like=rep_like("variance as sigma"),
                hint="logvar = log sigma²: sigma = exp(0.5 * logvar). exp(logvar) is the variance."),
        Mistake("logvar used as sigma: it is log sigma², so sigma = exp(logvar / 2)", like=rep_like("logvar as sigma")),
        Mistake("eps drawn uniform (torch.rand): it is standard NORMAL (torch.randn)", like=rep_like("uniform")),
        Mistake(BLOCKS_GRADIENTS, like=rep_like("torch.normal")),
        Mistake(BLOCKS_GRADIENTS, like=rep_like("detached")),
        Mistake("an input modified in place: work on new tensors", check="inputs unchanged"),
    ],
    loops=Loops(small=Case(args=(seeded(7, 3, 16), seeded(8, 3, 16)), kwargs={"generator": gen(5)}),
                large=Case(args=(seeded(9, 9, 16), seeded(10, 9, 16)), kwargs={"generator": gen(5)}),
                over="the samples"),
    speed=Speed(lambda seed: Case(args=(seeded(seed, 512, 64), seeded(seed + 1, 512, 64)),
                                  kwargs={"generator": gen(seed)}), limit=30.0),
)


# ---- vae_loss ------------------------------------------------------------------------------------------

OUTPUTS = "compared: loss, recon, kl"


def loss_case(x_logits, x, mu, logvar, label="") -> Case:
    # recon and kl are sums of B-independent terms of size ~|logit| and ~exp(logvar) + mu²
    size = max(1.0, x_logits.abs().max().item() * x[0].numel() / 10, logvar.exp().max().item(),
               (mu ** 2).max().item())
    return Case(args=(x_logits, x, mu, logvar), label=f"{label}; {OUTPUTS}" if label else OUTPUTS, scale=size)


def data_detached(impl, case, ns):
    """x is data: passed detached, so its gradient is not graded."""
    x_logits, x, mu, logvar = case.args
    return impl(x_logits, x.detach(), mu, logvar)


def loss_inputs(draw) -> Case:
    B = draw(st.integers(1, 4))
    rest = draw(st.lists(st.integers(1, 5), min_size=1, max_size=3))
    L = draw(st.integers(1, 6))
    g = kit.generator(draw)
    x_logits = torch.randn(B, *rest, generator=g) * draw(st.sampled_from([1.0, 5.0, 30.0]))
    x = torch.rand(B, *rest, generator=g)
    if draw(st.booleans()):
        x = (x > 0.5).float()                                  # binary data, as MNIST's
    mu = torch.randn(B, L, generator=g) * draw(st.sampled_from([0.3, 1.0, 3.0]))
    logvar = torch.randn(B, L, generator=g) * draw(st.sampled_from([0.3, 1.0, 2.0]))
    return loss_case(x_logits, x, mu, logvar)


def _kl(call, case):
    out = call(case)
    if not isinstance(out, (tuple, list)) or len(out) != 3 or not isinstance(out[2], torch.Tensor) or \
            out[2].shape != case.args[2].shape[:1]:
        return None                     # the shape check says so
    return out[2].detach()


KL_SIGN = "the KL's sign is flipped: KL = -1/2 · sum(1 + logvar - mu² - exp(logvar)) >= 0"


def kl_zero_at_prior(call, case):
    x_logits, x, mu, logvar = case.args
    kl = _kl(call, loss_case(x_logits, x, torch.zeros_like(mu), torch.zeros_like(logvar)))
    if kl is not None and not (kl.abs() <= 1e-6).all():
        raise Fail(f"with mu = 0 and logvar = 0 the posterior IS the prior N(0, I), so kl must be 0; got "
                   f"{kl.flatten()[:4].tolist()}")


def kl_non_negative(call, case):
    kl = _kl(call, case)
    if kl is not None and (kl < -1e-5 * case.scale).any():
        raise Fail(f"a kl is negative ({kl.min().item():.4g}): a KL divergence is >= 0", mistake=KL_SIGN)


def loss_like(mistake):
    """vae_loss with one classic mistake."""
    def vae_loss(x_logits, x, mu, logvar):
        if mistake == "log of sigmoid":
            p = torch.sigmoid(x_logits)
            bce = -(x * torch.log(p) + (1 - x) * torch.log(1 - p))
        else:
            bce = F.binary_cross_entropy_with_logits(x_logits, x, reduction="none")
        recon = bce.flatten(1).mean(1) if mistake == "recon mean" else bce.flatten(1).sum(1)
        if mistake == "recon sign":
            recon = -recon
        if mistake == "logvar as log sigma":
            terms = 1 + 2 * logvar - mu ** 2 - (2 * logvar).exp()
        elif mistake == "no one":
            terms = logvar - mu ** 2 - logvar.exp()
        else:
            terms = 1 + logvar - mu ** 2 - logvar.exp()
        kl = -0.5 * (terms.mean(1) if mistake == "kl mean" else terms.sum(1))
        if mistake == "kl sign":
            kl = -kl
        total = recon + kl
        return (total.sum() if mistake == "batch sum" else total.mean()), recon, kl
    return vae_loss


LOSS = Entry(
    "vae_loss",
    inputs=loss_inputs,
    run=data_detached,
    examples=[
        loss_case(torch.tensor([[2.0, -1.0, 0.0], [0.5, 3.0, -2.0]]), torch.tensor([[1.0, 0.0, 1.0], [0.0, 1.0, 0.5]]),
                  torch.tensor([[0.0, 1.0], [2.0, -1.0]]), torch.tensor([[0.0, -2.0], [1.0, 0.5]]),
                  "the prompt's example"),
        loss_case(seeded(1, 3, 1, 4, 4, scale=3.0), (seeded(2, 3, 1, 4, 4) > 0).float(), seeded(3, 3, 8),
                  seeded(4, 3, 8), "images (3, 1, 4, 4) of binary pixels, 8 latent dims"),
        loss_case(seeded(5, 1, 5), torch.rand(1, 5, generator=gen(6)), seeded(7, 1, 1), seeded(8, 1, 1),
                  "one sample, one latent dim"),
        loss_case(seeded(9, 4, 6), torch.rand(4, 6, generator=gen(10)), torch.zeros(4, 3), torch.zeros(4, 3),
                  "a posterior equal to the prior: kl is 0"),
    ],
    extreme=[
        loss_case(torch.tensor([[100.0, -100.0, 100.0, -100.0], [-100.0, 100.0, 60.0, -60.0]]),
                  torch.tensor([[0.0, 1.0, 1.0, 0.0], [0.0, 1.0, 1.0, 0.0]]), seeded(11, 2, 3), seeded(12, 2, 3),
                  "logits of ±100 and ±60: sigmoid rounds to exactly 0 or 1"),
        loss_case(seeded(13, 2, 8), torch.rand(2, 8, generator=gen(14)), seeded(15, 2, 4, scale=5.0),
                  torch.tensor([[-6.0, 8.0, 0.0, -3.0], [8.0, -6.0, 2.0, 5.0]]), "logvar from -6 to 8, mu near ±5"),
    ],
    invariants=[Invariant("a posterior equal to the prior has kl 0", kl_zero_at_prior),
                Invariant("kl >= 0", kl_non_negative),
                kit.batch_independence(name="samples independent")],
    mistakes=[
        Mistake(KL_SIGN, like=loss_like("kl sign")),
        Mistake("logvar read as log sigma (sigma² = exp(2 · logvar)): it is log sigma², so the KL's terms are "
                "1 + logvar - mu² - exp(logvar)", like=loss_like("logvar as log sigma")),
        Mistake("the KL averaged over the latent dims: it is a SUM over them (the KL of independent dims adds up)",
                like=loss_like("kl mean")),
        Mistake("the KL's 1 left out: -1/2 · sum(1 + logvar - mu² - exp(logvar))", like=loss_like("no one")),
        Mistake("the reconstruction averaged over the data dims: -log p(x | z) is a SUM over them",
                like=loss_like("recon mean")),
        Mistake("the reconstruction's sign: recon is the NEGATIVE log-likelihood (the binary cross-entropy), >= 0",
                like=loss_like("recon sign")),
        Mistake("binary cross-entropy from log(sigmoid(logits)): a sigmoid that rounds to 0 or 1 gives log(0); use "
                "F.binary_cross_entropy_with_logits (or softplus(l) - x · l)", like=loss_like("log of sigmoid")),
        Mistake("the loss summed over the batch: it is the MEAN of recon + kl", like=loss_like("batch sum")),
        Mistake("an input modified in place: work on new tensors", check="inputs unchanged"),
    ],
    loops=Loops(small=loss_case(seeded(16, 3, 8), torch.rand(3, 8, generator=gen(17)), seeded(18, 3, 4),
                                seeded(19, 3, 4)),
                large=loss_case(seeded(20, 9, 8), torch.rand(9, 8, generator=gen(21)), seeded(22, 9, 4),
                                seeded(23, 9, 4)), over="the samples"),
    speed=Speed(lambda seed: loss_case(seeded(seed, 256, 784), torch.rand(256, 784, generator=gen(seed)),
                                       seeded(seed + 1, 256, 32), seeded(seed + 2, 256, 32)), limit=30.0),
)

DRILL = Drill(entries=[REPARAMETERIZE, LOSS])
