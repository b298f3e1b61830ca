"""The banned-call guard: every route to a banned name is seen, and its profile hook runs only where
it is needed."""
import sys

import pytest
import torch
from torch.overrides import handle_torch_function, has_torch_function

from grader.engine import loader
from grader.engine.guards import BannedCalls, guarded_backward


def softmax_guard() -> BannedCalls:
    return BannedCalls(list(loader.declaration("softmax").banned))


class HandSoftmax(torch.autograd.Function):
    """A learner's own autograd function."""

    @staticmethod
    def forward(ctx, x):
        return torch._softmax(x, -1, False)

    @staticmethod
    def backward(ctx, grad):
        return grad


class SoftmaxInBackward(torch.autograd.Function):
    """A learner's autograd function that calls the banned softmax only in its backward."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        e = (x - x.amax(-1, keepdim=True)).exp()
        return e / e.sum(-1, keepdim=True)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        y = torch.softmax(x, -1)
        return y * (grad - (grad * y).sum(-1, keepdim=True))


ROUTES = {
    "torch._softmax": lambda x: torch._softmax(x, -1, False),
    "torch._C._VariableFunctions._softmax": lambda x: torch._C._VariableFunctions._softmax(x, -1, False),
    "a function kept before the guard": (lambda f: lambda x: f(x, -1, False))(torch._softmax),
    "in a custom autograd function's forward": lambda x: HandSoftmax.apply(x),
    "torch.softmax": lambda x: torch.softmax(x, -1),
    "Tensor.softmax": lambda x: x.softmax(-1),
    "torch.nn.functional.softmax": lambda x: torch.nn.functional.softmax(x, -1),
}


@pytest.mark.parametrize("route", ROUTES)
def test_every_route_to_a_banned_softmax_is_seen(route):
    guard = softmax_guard()
    with guard:
        ROUTES[route](torch.randn(2, 3))
    assert guard.seen, f"{route} was not seen"


def test_a_softmax_written_by_hand_is_not_a_banned_call():
    guard = softmax_guard()
    with guard:
        x = torch.randn(2, 3)
        e = (x - x.amax(-1, keepdim=True)).exp()
        e / e.sum(-1, keepdim=True)
    assert guard.seen == []


def test_the_profile_hook_runs_only_inside_torchs_own_python_functions():
    """softmax bans only torch's C functions (and functions this mode sees): the learner's own code
    runs without a profile hook; inside a Python function of torch's (its mode set aside) the hook is
    on, so a banned C function it calls is still seen."""
    guard = softmax_guard()
    assert guard.within_only
    hooks = {}

    def probe(x):           # written as torch writes its Python functions (torch.nn.functional's)
        if has_torch_function((x,)):
            return handle_torch_function(probe, (x,), x)
        hooks["inside"] = sys.getprofile()
        return torch._softmax(x, -1, False)

    with guard:
        hooks["learner"] = sys.getprofile()
        probe(torch.randn(2))
    assert hooks["learner"] is None
    assert hooks["inside"] is not None
    assert sys.getprofile() is None
    assert guard.seen == ["torch._softmax"]


def test_a_banned_python_function_keeps_the_hook_on_the_learners_code():
    guard = BannedCalls(["heapq.nlargest"])
    assert not guard.within_only
    import heapq
    with guard:
        heapq.nlargest(2, [3, 1, 2])
    assert guard.seen == ["heapq.nlargest"]


def test_a_banned_call_in_a_custom_backward_is_seen_and_the_class_is_left_as_it_was():
    """autograd runs a custom Function's backward with no torch function mode set: the guard is
    pushed there again for the backward the grader runs."""
    backward = SoftmaxInBackward.backward
    x = torch.randn(2, 3, requires_grad=True)
    out = SoftmaxInBackward.apply(x)
    unwatched = softmax_guard()
    with unwatched:
        torch.autograd.grad(out, x, torch.ones(2, 3), retain_graph=True)
    assert unwatched.seen == []                 # why the grader needs guarded_backward
    guard = softmax_guard()
    with guarded_backward(guard, [out]):
        torch.autograd.grad(out, x, torch.ones(2, 3))
    assert guard.seen == ["torch.softmax"]
    assert SoftmaxInBackward.backward is backward


def test_a_banned_call_and_a_device_fault_are_shown_at_the_line_of_the_learners_file():
    from tests.grading import SOLUTIONS, grade_here
    banned = grade_here("softmax", SOLUTIONS / "softmax" / "wrong_calls_builtin.py")
    said = next(c.message for c in banned.checks if c.name == "banned calls")
    assert "called torch.log_softmax (line 9: `return torch.log_softmax(x, dim).exp()`)" in said, said
    device = grade_here("top_p", SOLUTIONS / "top_p" / "wrong_hard_coded_device.py")
    said = next(c.message for c in device.checks if c.name == "top_p_filter: device (emulated)")
    assert "(line 13: `remove = torch.zeros(logits.shape, dtype=torch.bool).scatter(-1, order, remove)`)" in said, said
