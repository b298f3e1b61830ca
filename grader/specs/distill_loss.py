"""distill_loss: one function, Hinton's distillation loss mixed with the hard cross-entropy.
Particular to it: the teacher's logits come in detached (the run passes them so); temperatures
from 0.5 to 10, alpha over [0, 1] with both ends, two classes to 32000, logits near ±1000; an
invariant that a student equal to the teacher leaves only the hard term and one that alpha = 1
ignores the labels; and the mistakes of T² missing (or T once), the KL direction, the temperature
on one side only (either), F.kl_div's "mean" reduction, probabilities passed as F.kl_div's input,
log-probabilities as its target without log_target, alpha on the wrong term, the hard term at
temperature T and log(softmax)."""
from hypothesis import strategies as st

import torch
import torch.nn.functional as F
from grader.engine import kit
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Knowledge distillation loss", zh="知识蒸馏损失", topic="training", difficulty="easy", minutes=15,
            oracle="F.kl_div(log_softmax, log_softmax, log_target=True, reduction='batchmean') and "
                   "F.cross_entropy; a float64 closed form")
HINTS = [
    "Soften both distributions with the SAME temperature: log_softmax(student / T) and log_softmax(teacher / T).",
    "The teacher is the target: KL(p_teacher ‖ q_student) = Σ p_t (log p_t - log q_s). With F.kl_div the "
    "student's log-probs go first: F.kl_div(log_q, log_p, log_target=True, reduction='batchmean').",
    "Gradients of the soft term scale like 1/T²: multiply it by T² before mixing. The hard term is plain "
    "cross-entropy on the raw student logits.",
    "return alpha * T**2 * F.kl_div(log_q, log_p, log_target=True, reduction='batchmean') + (1 - alpha) * "
    "F.cross_entropy(student_logits, labels)",
]


def run(impl, case, ns):
    """The teacher is frozen: its logits are passed detached."""
    student, teacher, labels = case.args
    return impl(student, teacher.detach(), labels, **case.kwargs)


def make(student, teacher, labels, label="", **kwargs) -> Case:
    T = kwargs.get("temperature", 2.0)
    big = max(student.abs().max().item(), teacher.abs().max().item())
    # the hard term grows like the logits; T² · KL like (logits / T)² · T² at worst
    return Case(args=(student, teacher, labels), kwargs=kwargs, label=label, scale=max(1.0, big / 10, big / T / 10))


def logits(g, N, C, scale=2.0, close=False):
    t = scale * torch.randn(N, C, generator=g)
    s = t + scale * 0.3 * torch.randn(N, C, generator=g) if close else scale * torch.randn(N, C, generator=g)
    return s, t, torch.randint(0, C, (N,), generator=g)


def inputs(draw) -> Case:
    N, C = draw(st.integers(1, 6)), draw(st.integers(2, 8))
    s, t, y = logits(kit.generator(draw), N, C, draw(st.sampled_from([0.5, 2.0, 8.0])), draw(st.booleans()))
    kwargs = {}
    for name, choices in (("temperature", [0.5, 1.0, 4.0, 10.0]), ("alpha", [0.0, 0.3, 0.9, 1.0])):
        value = draw(st.sampled_from([None, *choices]))
        if value is not None:
            kwargs[name] = value
    return make(s, t, y, **kwargs)


def same_as_teacher(call, case):
    """KL(p ‖ p) = 0: a student equal to the teacher pays only (1 - alpha) times the hard loss."""
    _, teacher, labels = case.args
    alpha = case.kwargs.get("alpha", 0.5)
    got = call(make(teacher.clone(), teacher, labels, **case.kwargs)).double()
    want = (1 - alpha) * F.cross_entropy(teacher.double(), labels)
    if not torch.allclose(got, want, rtol=1e-4, atol=1e-5 * case.scale):
        raise Fail(f"with student_logits equal to teacher_logits the distillation term is KL(p ‖ p) = 0, so the loss is "
                   f"(1 - alpha) · CE = {want.item():.6g}; got {got.item():.6g}")


def alpha_one_ignores_labels(call, case):
    student, teacher, labels = case.args
    kwargs = case.kwargs | {"alpha": 1.0}
    C = student.shape[1]
    a, b = call(make(student, teacher, labels, **kwargs)), call(make(student, teacher, (labels + 1) % C, **kwargs))
    if not torch.allclose(a, b, rtol=1e-5, atol=1e-6 * case.scale):
        raise Fail(f"with alpha = 1 the loss is the distillation term alone, yet changing the labels changed it from "
                   f"{a.item():.6g} to {b.item():.6g}: alpha weighs the SOFT term, 1 - alpha the hard one")


# ---- the classic mistakes, written as a learner would -----------------------------------------

def distill_like(*, t_power=2, direction="teacher", soft_on="both", reduction="batchmean", alpha_on="soft",
                 hard_at_t=False):
    """The distillation loss with at most one classic mistake."""
    def distill_loss(student_logits, teacher_logits, labels, temperature=2.0, alpha=0.5):
        T = temperature
        log_q = F.log_softmax(student_logits / (T if soft_on != "teacher" else 1.0), dim=-1)
        log_p = F.log_softmax(teacher_logits / (T if soft_on != "student" else 1.0), dim=-1)
        if direction == "teacher":
            per_class = F.kl_div(log_q, log_p, log_target=True, reduction="none")
        else:
            per_class = F.kl_div(log_p, log_q, log_target=True, reduction="none")
        # "mean" averages every (row, class) term, as F.kl_div's reduction="mean" does
        soft = per_class.mean() if reduction == "mean" else per_class.sum() / per_class.shape[0]
        hard = F.cross_entropy(student_logits / T if hard_at_t else student_logits, labels)
        w = alpha if alpha_on == "soft" else 1 - alpha
        return w * T ** t_power * soft + (1 - w) * hard
    return distill_loss


def probabilities_into_kl_div(student_logits, teacher_logits, labels, temperature=2.0, alpha=0.5):
    T = temperature
    q = F.softmax(student_logits / T, dim=-1)
    p = F.softmax(teacher_logits / T, dim=-1)
    soft = F.kl_div(q, p, reduction="batchmean")
    return alpha * T * T * soft + (1 - alpha) * F.cross_entropy(student_logits, labels)


def log_target_missing(student_logits, teacher_logits, labels, temperature=2.0, alpha=0.5):
    T = temperature
    log_q = F.log_softmax(student_logits / T, dim=-1)
    log_p = F.log_softmax(teacher_logits / T, dim=-1)
    soft = F.kl_div(log_q, log_p, reduction="batchmean")          # log-probs read as probabilities
    return alpha * T * T * soft + (1 - alpha) * F.cross_entropy(student_logits, labels)


def log_of_softmax(student_logits, teacher_logits, labels, temperature=2.0, alpha=0.5):
    T = temperature
    q = torch.softmax(student_logits / T, dim=-1)
    p = torch.softmax(teacher_logits / T, dim=-1)
    soft = (p * (p.log() - q.log())).sum(-1).mean()
    return alpha * T * T * soft + (1 - alpha) * F.cross_entropy(student_logits, labels)


ONE_SIDE = "temperature on one side only: both the student's and the teacher's logits are divided by T"


def batch(seed, N, C, scale=2.0, close=False, label="", **kwargs):
    return make(*logits(torch.Generator().manual_seed(seed), N, C, scale, close), label, **kwargs)


DRILL = Drill(entries=[Entry(
    "distill_loss",
    inputs=inputs,
    run=run,
    examples=[
        make(torch.tensor([[2.0, 0.0, -1.0], [0.5, 0.5, 0.0]]), torch.tensor([[3.0, 1.0, -2.0], [0.0, 2.0, 0.0]]),
             torch.tensor([0, 1]), "the prompt's example", temperature=2.0, alpha=0.5),
        batch(1, 5, 7, scale=3.0, label="defaults: T = 2, alpha = 0.5"),
        batch(2, 4, 3, scale=4.0, close=True, label="T = 4, alpha = 0.9", temperature=4.0, alpha=0.9),
        batch(3, 1, 2, label="one row, two classes, T = 1, alpha = 0.3", temperature=1.0, alpha=0.3),
        batch(4, 3, 5, scale=6.0, label="T = 0.5, alpha = 1: the soft term alone", temperature=0.5, alpha=1.0),
        batch(5, 3, 4, label="alpha = 0: the hard term alone", temperature=3.0, alpha=0.0),
    ],
    extreme=[
        batch(6, 4, 9, scale=400.0, label="logits near ±1000: probabilities underflow to 0", temperature=1.0),
        batch(7, 2, 32000, scale=5.0, label="32000 classes", temperature=2.0, alpha=0.7),
        batch(8, 4, 6, scale=3.0, label="T = 10", temperature=10.0, alpha=0.5),
    ],
    invariants=[Invariant("a student equal to the teacher pays only the hard loss", same_as_teacher),
                Invariant("alpha = 1 ignores the labels", alpha_one_ignores_labels)],
    mistakes=[
        Mistake("T² missing: the soft term is multiplied by T² (its gradients shrink like 1/T²)",
                like=distill_like(t_power=0)),
        Mistake("the soft term multiplied by T instead of T²", like=distill_like(t_power=1)),
        Mistake("KL direction reversed: KL(teacher ‖ student), the expectation under the teacher "
                "(F.kl_div(student_log_probs, teacher_log_probs, log_target=True))", like=distill_like(direction="student")),
        Mistake(ONE_SIDE, like=distill_like(soft_on="student")),
        Mistake(ONE_SIDE, like=distill_like(soft_on="teacher")),
        Mistake("KL averaged over the classes too (F.kl_div reduction='mean'): sum over classes, mean over rows "
                "('batchmean')", like=distill_like(reduction="mean")),
        Mistake("alpha on the wrong term: alpha weighs the distillation term, 1 - alpha the cross-entropy",
                like=distill_like(alpha_on="hard")),
        Mistake("the hard cross-entropy taken at temperature T: it uses the raw student logits",
                like=distill_like(hard_at_t=True)),
        Mistake("probabilities passed to F.kl_div: its input must be the student's LOG-probabilities",
                like=probabilities_into_kl_div),
        Mistake("the teacher's log-probabilities passed to F.kl_div without log_target=True: its target is read as "
                "probabilities", like=log_target_missing),
        Mistake("log(softmax(...)) underflows to log(0) = -inf for logits far apart; use log_softmax",
                like=log_of_softmax),
        kit.IN_PLACE,
    ],
    loops=Loops(small=batch(9, 3, 8), large=batch(10, 9, 8), over="the rows"),
    speed=Speed(lambda seed: batch(seed, 512, 1000), limit=30.0),
)])
