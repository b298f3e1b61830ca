"""What the kit (the families of checks) writes in a verdict, in English."""
MESSAGES: dict[str, str] = {
    # grader/engine/kit.py: the invariants of drill families
    "kit.kit.the_output": "the output",
    "kit.kit.not_a_tensor": "{what} should be a tensor, got {got}",
    "kit.kit.rows_sum": "slices along dim={dim} sum to {sums}, not 1",
    "kit.kit.shift_changed": "adding {shift} to every input changed the output by {by}",
    "kit.kit.shift_changed_shape": "the output's shape changed",
    "kit.kit.batch_changed": "changing batch element 0 changed the outputs of the other batch elements",
    "kit.kit.elementwise_changed": "changing the first element of x changed other elements of the output: the "
                                   "function acts on each element on its own",
    "kit.kit.causality_changed": "with causal attention, changing tokens {later} changed the outputs at tokens "
                                 "{earlier}",
    "kit.kit.padding_changed": "changing the padding tokens (mask False) changed the outputs of real tokens: "
                               "padding must be hidden as keys, mask[:, None, None, :] against the (B, H, S_q, S_k) "
                               "scores",
    "kit.kit.dropout_features": "in train() mode with dropout={p}, uniform attention and every value equal to u, a "
                                "head's output is not a multiple of u: single features were zeroed. Dropout must "
                                "drop attention weights (before weights @ v)",
    "kit.kit.dropout_none": "in train() mode with dropout={p} every query's attention weights still sum to 1: no "
                            "attention weight was dropped",
    "kit.kit.dropout_not_inverted": "in train() mode with dropout={p} the attention weights of a query sum to "
                                    "(kept keys) / {keys}: the survivors are not scaled by 1/(1-p)",
    "kit.kit.dropout_sums": "in train() mode with dropout={p} and uniform attention over {keys} keys, the queries' "
                            "weights sum to {sums}...: with inverted dropout they sum to (kept keys) / ({keys} × "
                            "(1 - p)). Drop weights after the softmax, scale by 1/(1-p), and do not renormalise",
    "kit.kit.shapes_differ": "expected outputs of one shape, got {a} and {b}",
    "kit.kit.vector_changed": "changing the first vector x[0, ..., :] changed the outputs of other vectors by "
                              "{by}: {reason}",
    "kit.kit.each_vector": "each vector is normalised on its own",
    "kit.kit.each_token": "the layer must act on each token on its own",
    "kit.kit.not_logits_shape": "expected a tensor of the logits' shape {shape}, got {got}",
    "kit.kit.not_kept_or_inf": "output{at} is {value}: each entry must be the input logit ({logit}) or -inf",
    "kit.kit.less_likely_kept": "in row {row} a token with logit {removed} was removed while one with logit "
                                "{kept} was kept: {advice}",
    "kit.kit.row_filter_changed": "changing the logits of row 0 changed the output of other rows: each row is "
                                  "filtered on its own",
    "kit.kit.qkv_changed": "changing q, k and v of batch 0, head 0 changed the output of another batch element or "
                           "head: each attends only within itself",
    "kit.kit.last_key_seen": "changing the last key and value (position {position}) changed the output of an "
                             "earlier query: with causal attention aligned bottom-right only the last query "
                             "(i = {query}, at position {position}) may see it",
    "kit.kit.bottom_right_changed": "with causal=True (S_q={s_q}, S_k={s_k}), changing keys and values {later} "
                                    "changed the outputs of queries {earlier}: query i may only see keys j <= i + "
                                    "(S_k - S_q) = i + {offset} (aligned bottom-right)",
    "kit.kit.first_batch": "the first batch element",
    "kit.kit.first_batch_head": "the first batch element, first head",
    "kit.kit.slice_changed": "changing q, k and v of slice {slice} ({which}) changed the outputs of other slices: "
                             "each attends only within itself",

    # grader/engine/sampling.py: random outputs judged statistically
    "kit.sampling.not_draws": "expected a tensor of draws, got {got}",
    "kit.sampling.outside": "drew {drew}, outside [0, {width})",
    "kit.sampling.negative": "drew {drew}, a negative id",
    "kit.sampling.ks_far": "slot {slot}: the draws' distribution is {distance} away from the expected one "
                           "(largest gap between the cumulative distributions; a correct sampler stays within "
                           "{bound})",
    "kit.sampling.unreadable": "the draws could not be read: {error}",
    "kit.sampling.over_draws": "over {n} draws, {problem}",
    "kit.sampling.passed": "{distributions} distributions, {draws} draws in all",
    "kit.sampling.global_generator": "drew from torch's global random generator: pass `generator` to every random "
                                     "call (torch.multinomial(..., generator=generator), torch.rand(..., "
                                     "generator=generator))",
    "kit.sampling.not_reproducible": "two calls with generators seeded alike gave different draws: draw all "
                                     "randomness from `generator`",
    "kit.sampling.seed_ignored_first": "the draws do not change with the generator's seed: fix the frequencies "
                                       "first",
    "kit.sampling.seed_ignored": "generators seeded differently gave the same draws: the randomness does not come "
                                 "from `generator`",

    # grader/engine/devices.py: the output on the input's device, nothing made on a fixed one
    "kit.devices.advice": "make it with device=x.device (or torch.*_like, x.new_*), or move it with .to(x.device)",
    "kit.devices.cpu_only": "--device cpu",
    "kit.devices.ranks_on_cpu": "the ranks' process group runs on the CPU",
    "kit.devices.none_here": "no {device} device on this machine",
    "kit.devices.nothing_on_device": "nothing comes in on a device",
    "kit.devices.passed": "{calls} calls on tensors of another device",
    "kit.devices.raises_fixed": "on a non-CPU device this raises: {error} — a tensor is made on a fixed device; "
                                "{advice}",
    "kit.devices.raises": "on a non-CPU device this raises: {error} — {advice}",
    "kit.devices.output_elsewhere": "the output is on {device} while the input is on another device; {advice}",
    "kit.devices.a_fixed_device": "a fixed device",
    "kit.devices.the_inputs_device": "the input's device",
    "kit.devices.in_place_changes": "in-place `{op}` changes a tensor",
    "kit.devices.takes": "`{op}` takes a tensor",
    "kit.devices.mixed": "Expected all tensors to be on the same device: {what} of shape {shape} on {where} with "
                         "one of shape {other} on the other{line}",
    "kit.devices.setting": "setting `.{attribute}`",
    "kit.devices.would_mix": "on a non-CPU device {op}{line} would mix the input's device with tensors of shape "
                             "{shapes} made on a fixed device{made}; {advice}",
    "kit.devices.output_fixed": "the output (shape {shape}) is made on a fixed device{made}, not the input's; "
                                "{advice}",
    "kit.devices.an_output_fixed": "an output (shape {shape}) is made on a fixed device, not the input's; {advice}",
    "kit.devices.on_rank": "on rank {rank}, {problem}",
}
