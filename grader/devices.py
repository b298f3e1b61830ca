"""Device discipline: the output is on the input's device and no tensor is made on a fixed one.

A real CUDA or MPS run when one is present. Without one, the learner's code runs on fake tensors
on the `meta` device (torch's FakeTensorMode): mixing them with a tensor made on the CPU raises
exactly as mixing CUDA and CPU tensors would, so the check means the same on every machine."""
from __future__ import annotations

import logging

import torch
from torch._subclasses.fake_tensor import (DataDependentOutputException, DynamicOutputShapeException,
                                           FakeTensorMode, UnsupportedOperatorException)

from grader.guards import learner_code
from grader.result import FAIL, PASS, SKIPPED, Check
from grader.runner import flat_tensors, map_case

NOT_EMULABLE = (DataDependentOutputException, DynamicOutputShapeException, UnsupportedOperatorException)
MIXING = ("same device", "two devices", "not compiled with cuda", "found at least two devices",
          "expected device", "but got device",
          "convert all tensors to faketensors", "wrong device")   # a real CPU tensor kept on the module, used on the device


def available() -> list[str]:
    found = []
    if torch.cuda.is_available():
        found.append("cuda")
    if getattr(torch.backends, "mps", None) and torch.backends.mps.is_available():
        found.append("mps")
    return found


def checks(g, which: str):
    real = available()
    if which == "cpu":
        yield Check("device", SKIPPED, "--device cpu")
        return
    if which in ("cuda", "mps") and which not in real:
        yield Check(f"device {which}", SKIPPED, f"no {which} device on this machine")
        return
    targets = [which] if which in ("cuda", "mps") else real
    for device in targets:
        m = g.search(g.compare_prop(device=device), max_examples=5)
        yield g.failed(f"device {device}", m) if m else Check(f"device {device}", PASS)
    if which == "all" or not targets:
        yield emulated(g)


def fake_module(module: torch.nn.Module, fake) -> None:
    for mod in module.modules():
        for name, p in list(mod._parameters.items()):
            if p is not None:
                mod._parameters[name] = torch.nn.Parameter(fake(p), requires_grad=p.requires_grad)
        for name, b in list(mod._buffers.items()):
            if b is not None:
                mod._buffers[name] = fake(b)


logging.getLogger("torch._subclasses.fake_tensor").setLevel(logging.CRITICAL)   # the verdict says it


def run_on_meta(g, source, case):
    """Run `source` (reference or learner module) on fake meta tensors; returns the output."""
    mode = FakeTensorMode(allow_non_fake_inputs=True)   # meta constants made inside are fine

    def fake(t):
        return mode.from_tensor(t.detach().to("meta"))
    impl = g.runner.build(source, case)
    if isinstance(impl, torch.nn.Module):
        fake_module(impl, fake)
    fake_case = map_case(case, fake, floating_only=False)
    with mode:
        return g.drill.run(impl, fake_case)


def emulated(g) -> Check:
    name = "device (emulated)"
    cases = g.drill.examples[:4]
    tried = 0
    for case in cases:
        if not flat_tensors([case.args, case.kwargs]):
            continue   # nothing comes in on a device: nothing to follow
        try:
            run_on_meta(g, g.ref, case)
        except Exception:
            continue   # this case can't be emulated at all
        tried += 1
        try:
            with learner_code(g.call_limit):
                out = run_on_meta(g, g.module, case)
        except NOT_EMULABLE as e:
            return Check(name, SKIPPED, f"your code uses a data-dependent operation ({e}) that fake "
                                        f"tensors can't follow", call=g.runner.describe(case))
        except Exception as e:
            text = str(e)
            if any(s in text.lower() for s in MIXING):
                return Check(name, FAIL, f"on a non-CPU device this raises: {text.splitlines()[0]} — "
                             f"a tensor is made on a fixed device; make it with device=x.device "
                             f"(or torch.*_like)", call=g.runner.describe(case),
                             mistake="tensor created on a hard-coded device")
            return Check(name, SKIPPED, f"could not emulate a non-CPU run: {type(e).__name__}: "
                                        f"{text.splitlines()[0] if text else ''}")
        wrong = [t.device for t in flat_tensors(out) if t.device.type != "meta"]
        if wrong:
            return Check(name, FAIL, f"the output is on {wrong[0]} while the input is on another device",
                         call=g.runner.describe(case), mistake="tensor created on a hard-coded device")
    if not tried:
        return Check(name, SKIPPED, "this drill's calls can't run on fake tensors")
    return Check(name, PASS, f"{tried} calls on fake `meta` tensors")
