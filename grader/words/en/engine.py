"""What the engine writes in a verdict, in English."""
MESSAGES: dict[str, str] = {
    # pipeline: the steps and the checks
    "engine.pipeline.separator": "; ",
    "engine.pipeline.your_code": "your code",
    "engine.pipeline.timeout": "{who} {what}{hint}",
    "engine.pipeline.reference_fast": " (the reference returns in milliseconds)",
    "engine.pipeline.stopped": "{what}; grading stopped here",
    "engine.pipeline.internal_error": "internal error in the grader: {kind}: {error}",
    "engine.pipeline.syntax_error": "syntax error on line {line}: {error}",
    "engine.pipeline.called_banned": "called {calls}: this drill is about writing that by hand",
    "engine.pipeline.used_autograd": "used autograd ({calls}): this drill computes its gradients by hand",
    "engine.pipeline.imported_banned": "imported {modules}: this drill is written without it",
    "engine.pipeline.uses_reference": "your file uses the reference solution ({what}): write it yourself",
    "engine.pipeline.in_dtype": " in {dtype}",
    "engine.pipeline.replayed": " [replayed: an input that failed in an earlier check, tried first; the seed alone "
                                "does not repeat it]",
    "engine.pipeline.not_started": "not started: `{name}` still raises NotImplementedError{where}; fill in its TODO",
    "engine.pipeline.nondeterministic_at": "{why} ({difference})",
    "engine.pipeline.skipped_after": "after the {check} failure",
    "engine.pipeline.against_reference": "fix values first: this check compares with the reference on the same calls",
    "engine.pipeline.raises_again": "your code raises here too: fix values first",
    "engine.pipeline.backward_raised": "backward raised {kind}: {error}",
    "engine.pipeline.no_gradient": "no gradient reached `{name}` (is it detached, or overwritten in place?)",
    "engine.pipeline.in_place_stops_autograd": "your code changes its inputs in place, which stops autograd: fix "
                                               "that first (see inputs unchanged)",
    "engine.pipeline.not_connected": "the output is not connected to the inputs' autograd graph (detached, .data, "
                                     ".item(), .numpy(), or built under torch.no_grad?)",
    "engine.pipeline.not_checkable": "the output could not be checked: {kind}: {error}",
    "engine.pipeline.calls_grow": "{small} torch calls on the first and {large} on the second",
    "engine.pipeline.lines_grow": "{small} lines of your code run on the first and {large} on the second",
    "engine.pipeline.both": "{first} and {second}",
    "engine.pipeline.two_calls": "{first} and {second}",
    "engine.pipeline.loop_found": "{what}: the work grows with {over}, so a Python loop runs over them. Use batched "
                                  "tensor operations",
    "engine.pipeline.no_loop": "{calls} torch calls whatever {over}",
    "engine.pipeline.memory_over": "an intermediate of {largest:,} elements (from {op}); at most {limit:,} are allowed",
    "engine.pipeline.memory_within": "largest intermediate {largest:,} elements (limit {limit:,})",
    "engine.pipeline.inputs_changed": "`{name}` modified its input {inputs} in place{when}; inputs must be left as "
                                      "they were, with autograd on or off",
    "engine.pipeline.under_no_grad": " when run under torch.no_grad()",
    "engine.pipeline.speed_after_values": "measured once the values are right",
    "engine.pipeline.output_on_device": "the output is on {got}, the input on {device}",
    "engine.pipeline.elements_made": "elements made",
    "engine.pipeline.multiply_adds": "multiply-adds",
    "engine.pipeline.count_grows": "{what} {small:,} → {large:,}",
    "engine.pipeline.no_work": "no work at either size ({size} = {small} and {large})",
    "engine.pipeline.work_grows": "the work grows {growth:.3g}× when {size} grows {factor:g}× ({size} = {small} → "
                                  "{large}: {counts}): {order}",
    "engine.pipeline.work_too_fast": "{growth}; the prompt asks for {order}",
    "engine.pipeline.work_within": "{growth}, within {order}",

    # compare: describing values, and what differed
    "engine.compare.on_device": " on {device}",
    "engine.compare.characters": "{start} ({n} characters)",
    "engine.compare.a_function": "a function",
    "engine.compare.at": "{where}: {what}",
    "engine.compare.step_of": "step {i} of {n}",
    "engine.compare.steps": "{path}: expected {n} steps, got {got}",
    "engine.compare.numpy_array": "{path}: expected a NumPy array {shape} {dtype}, got {got}",
    "engine.compare.dtype": "{path}: expected dtype {expected}, got {got}",
    "engine.compare.dict_keys": "{path}: expected a dict with keys {keys}, got {got}",
    "engine.compare.tensor": "{path}: expected a tensor {expected}, got {got}",
    "engine.compare.shape": "{path}: expected shape {expected}, got {got}",
    "engine.compare.sequence": "{path}: expected a sequence of {n}, got {got}",
    "engine.compare.python_bool": "a Python bool",
    "engine.compare.python_int": "a Python int",
    "engine.compare.python_float": "a Python float",
    "engine.compare.scalar_tensor": "{path}: returns a {dim}-d tensor; the prompt asks for {scalar} (.item() gives "
                                    "one)",
    "engine.compare.tensor_not_scalar": "{path}: returns a tensor {got}; the prompt asks for {scalar}",
    "engine.compare.float": "{path}: expected a float, got {got}",
    "engine.compare.float_value": "{path}: expected {expected:.6g}, got {got:.6g}",
    "engine.compare.type": "{path}: expected {expected}, got {got}",
    "engine.compare.value": "{path}: expected {expected!r}, got {got!r}",
    "engine.compare.elements_differ": "{path}: {n} elements differ, first at {index}: expected {expected}, got {got}",
    "engine.compare.nan": "{path}: NaN at {index} ({n} NaN elements) where {expected:.6g} was expected",
    "engine.compare.max_diff": "{path}: max |diff| {diff:.2g} at {index} (expected {expected:.6g}, got {got:.6g}; "
                               "atol {atol:.0e}, rtol {rtol:.0e}; {n} of {total} elements off)",

    # runner: what the learner's code raised, and how long it took
    "engine.runner.out_of_memory": "ran out of memory{where}: {why}{said}",
    "engine.runner.memory_said": " ({text})",
    "engine.runner.raised": "raised {kind}: {text}{where}",
    "engine.runner.importing_raised": "importing your file raised {kind}: {text}{where}",
    "engine.runner.waits": "your code waits: {calls} calls took {wall:.1f} s of wall time in all but used only "
                           "{cpu:.1f} s of CPU time, and the check allows {allowed:g} s of wall time; each call "
                           "returned, so this is not an infinite loop. Is it waiting on something (a sleep, a lock, "
                           "input)?",
    "engine.runner.slow": "your code is slow: {calls} calls used {cpu:.1f} s of CPU time in all (about {each:.2f} s "
                          "each) and the check's budget is {budget:g} s of CPU time; each call returned, so this is "
                          "not an infinite loop. Look for a Python loop over elements, or work repeated on every call",
    "engine.runner.parameters": "the module's parameters and buffers should be [{want}], got [{have}] ({detail})",
    "engine.runner.missing_parameters": "missing or of another shape: {names}",
    "engine.runner.extra_parameters": "not expected: {names}",

    # search
    "engine.search.nondeterministic": "two identical calls gave different outputs: is it using random numbers "
                                      "without the generator, or state kept from an earlier call?",

    # loader: the signature check
    "engine.loader.a_class": "a class",
    "engine.loader.a_function": "a function",
    "engine.loader.by_position": "{n} argument by position",
    "engine.loader.by_position_many": "{n} arguments by position",
    "engine.loader.not_callable": "`{have}` cannot be called as the grader calls it ({how}): {error}; the drill asks "
                                  "for `{want}`",
    "engine.loader.missing": "`{name}` is missing: the drill asks for {kind} `{want}`",
    "engine.loader.wrong_kind": "`{name}` should be {kind}, like `{want}`",
    "engine.loader.missing_method": "`{name}` is missing: the drill asks for `{want}`",

    # guards: what stops the learner's code
    "engine.guards.out_of_memory": "your code used up the memory a grading allows it (3 GB of address space by "
                                   "default): does it keep tensors alive across calls, or build something far larger "
                                   "than the inputs?",
    "engine.guards.line": " (line {line})",
    "engine.guards.line_source": " (line {line}: `{source}`)",
    "engine.guards.cpu_timeout": "used {seconds:g} s of CPU time without returning: an infinite loop, or far too slow?",
    "engine.guards.wall_timeout": "did not return within {wall:g} s of wall time, using {cpu:.2f} s of CPU time: is "
                                  "it waiting on something (a sleep, a lock, input)?",
    "engine.guards.exited": "your code raised {what}",
    "engine.guards.printed_too_much": "your code printed more than {mb} MB and was stopped",

    # speed
    "engine.speed.build_too_long": "building the module took too long",
    "engine.speed.other_values": "while being timed your code gave other values than the reference: {difference}",
    "engine.speed.one_call": "one call {what}",
    "engine.speed.cpu_over": "one call used more than {limit:g} s of CPU time",
    "engine.speed.cpu_over_reference": "one call used more than {limit:g} s of CPU time where the reference takes "
                                       "{reference:.2f} ms",
    "engine.speed.raised": "your code raised {kind} while being timed: {error}",
    "engine.speed.ratio": "{ratio:.1f}× the reference's CPU time (limit {limit:g}×; reference {reference:.2f} ms, "
                          "yours {yours:.2f} ms, best of {pairs})",
    "engine.speed.too_slow": "{measured}: far slower than any correct approach needs to be",

    # stats: the sampling checks' tests
    "engine.stats.impossible": "has probability 0",
    "engine.stats.drawn_impossible": "slot {slot}: {outcome} was drawn {count} times but {impossible}",
    "engine.stats.drawn_off": "slot {slot}: {outcome} was drawn {count} times in {n}, expected {mean:.0f} ± {sd:.0f} "
                              "(probability {p:.3f})",
    "engine.stats.drawn_unlike": "slot {slot}: {outcome} was drawn {count} times, where the reference drew it "
                                 "{reference} times in as many draws",
}
