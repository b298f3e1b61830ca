"""What the engine writes in a verdict, in Chinese."""
MESSAGES: dict[str, str] = {
    # pipeline: the steps and the checks
    "engine.pipeline.separator": "；",
    "engine.pipeline.your_code": "你的代码",
    "engine.pipeline.timeout": "{who} {what}{hint}",
    "engine.pipeline.reference_fast": "（参考实现几毫秒就返回）",
    "engine.pipeline.stopped": "{what}；评分到此为止",
    "engine.pipeline.internal_error": "评分器内部错误：{kind}: {error}",
    "engine.pipeline.syntax_error": "第 {line} 行有语法错误：{error}",
    "engine.pipeline.called_banned": "调用了 {calls}：这道题要求你亲手实现它",
    "engine.pipeline.used_autograd": "使用了 autograd（{calls}）：这道题要求手动计算梯度",
    "engine.pipeline.imported_banned": "导入了 {modules}：这道题不用它来写",
    "engine.pipeline.uses_reference": "你的文件用到了参考实现（{what}）：请自己写",
    "engine.pipeline.in_dtype": "（以 {dtype} 运行）",
    "engine.pipeline.replayed": " [重放：先试了之前某项检查中失败过的输入；仅凭种子无法复现]",
    "engine.pipeline.not_started": "尚未开始：`{name}` 仍抛出 NotImplementedError{where}；请完成其中的 TODO",
    "engine.pipeline.nondeterministic_at": "{why}（{difference}）",
    "engine.pipeline.skipped_after": "因“{check}”未通过而跳过",
    "engine.pipeline.against_reference": "请先修正数值：这项检查在同样的调用上与参考实现比较",
    "engine.pipeline.raises_again": "你的代码在这里同样抛出异常：请先修正数值",
    "engine.pipeline.backward_raised": "反向传播抛出 {kind}: {error}",
    "engine.pipeline.no_gradient": "梯度没有传到 `{name}`（是否被 detach 了，或被原地覆盖了？）",
    "engine.pipeline.in_place_stops_autograd": "你的代码原地修改了输入，导致 autograd 无法工作：请先修复这一点"
                                               "（见“输入未被修改”）",
    "engine.pipeline.not_connected": "输出没有连到输入的 autograd 计算图上（用了 detach、.data、.item()、.numpy()，"
                                     "还是在 torch.no_grad 下构建的？）",
    "engine.pipeline.not_checkable": "无法检查输出：{kind}: {error}",
    "engine.pipeline.calls_grow": "第一个调用里有 {small} 次 torch 调用，第二个里有 {large} 次",
    "engine.pipeline.lines_grow": "你的代码在第一个调用里执行了 {small} 行，在第二个里执行了 {large} 行",
    "engine.pipeline.both": "{first}；{second}",
    "engine.pipeline.two_calls": "{first} 和 {second}",
    "engine.pipeline.loop_found": "{what}：工作量随“{over}”增长，说明有 Python 循环在遍历它们。请改用批量张量运算",
    "engine.pipeline.no_loop": "无论“{over}”多少，都是 {calls} 次 torch 调用",
    "engine.pipeline.memory_over": "有一个中间结果含 {largest:,} 个元素（来自 {op}）；最多允许 {limit:,} 个",
    "engine.pipeline.memory_within": "最大的中间结果含 {largest:,} 个元素（上限 {limit:,}）",
    "engine.pipeline.inputs_changed": "`{name}` 原地修改了输入 {inputs}{when}；无论 autograd 开关与否，输入都必须保持原样",
    "engine.pipeline.under_no_grad": "（在 torch.no_grad() 下运行时）",
    "engine.pipeline.speed_after_values": "数值正确后才测量",
    "engine.pipeline.output_on_device": "输出在 {got} 上，而输入在 {device} 上",
    "engine.pipeline.elements_made": "生成的元素",
    "engine.pipeline.multiply_adds": "乘加次数",
    "engine.pipeline.count_grows": "{what} {small:,} → {large:,}",
    "engine.pipeline.no_work": "两种规模下都没有计算量（{size} = {small} 和 {large}）",
    "engine.pipeline.work_grows": "{size} 增大 {factor:g} 倍时，计算量增大 {growth:.3g} 倍（{size} = {small} → "
                                  "{large}：{counts}）：{order}",
    "engine.pipeline.work_too_fast": "{growth}；题目要求 {order}",
    "engine.pipeline.work_within": "{growth}，在 {order} 以内",

    # compare: describing values, and what differed
    "engine.compare.on_device": " 在 {device} 上",
    "engine.compare.characters": "{start}（共 {n} 个字符）",
    "engine.compare.a_function": "一个函数",
    "engine.compare.at": "{where}：{what}",
    "engine.compare.step_of": "第 {i} 步（共 {n} 步）",
    "engine.compare.steps": "{path}：应有 {n} 步，实际为 {got}",
    "engine.compare.numpy_array": "{path}：应为 NumPy 数组 {shape} {dtype}，实际为 {got}",
    "engine.compare.dtype": "{path}：dtype 应为 {expected}，实际为 {got}",
    "engine.compare.dict_keys": "{path}：应为键是 {keys} 的 dict，实际为 {got}",
    "engine.compare.tensor": "{path}：应为张量 {expected}，实际为 {got}",
    "engine.compare.shape": "{path}：形状应为 {expected}，实际为 {got}",
    "engine.compare.sequence": "{path}：应为长度 {n} 的序列，实际为 {got}",
    "engine.compare.python_bool": "Python bool",
    "engine.compare.python_int": "Python int",
    "engine.compare.python_float": "Python float",
    "engine.compare.scalar_tensor": "{path}：返回的是 {dim} 维张量；题目要求 {scalar}（.item() 可以得到）",
    "engine.compare.tensor_not_scalar": "{path}：返回的是张量 {got}；题目要求 {scalar}",
    "engine.compare.float": "{path}：应为 float，实际为 {got}",
    "engine.compare.float_value": "{path}：应为 {expected:.6g}，实际为 {got:.6g}",
    "engine.compare.type": "{path}：应为 {expected}，实际为 {got}",
    "engine.compare.value": "{path}：应为 {expected!r}，实际为 {got!r}",
    "engine.compare.elements_differ": "{path}：{n} 个元素不同，第一个位于 {index}：应为 {expected}，实际为 {got}",
    "engine.compare.nan": "{path}：{index} 处是 NaN（共 {n} 个 NaN），应为 {expected:.6g}",
    "engine.compare.max_diff": "{path}：最大 |diff| 为 {diff:.2g}，位于 {index}（应为 {expected:.6g}，实际为 {got:.6g}；"
                               "atol {atol:.0e}，rtol {rtol:.0e}；{total} 个元素中有 {n} 个超出）",

    # runner: what the learner's code raised, and how long it took
    "engine.runner.out_of_memory": "内存耗尽{where}：{why}{said}",
    "engine.runner.memory_said": "（{text}）",
    "engine.runner.raised": "抛出 {kind}: {text}{where}",
    "engine.runner.importing_raised": "导入你的文件时抛出 {kind}: {text}{where}",
    "engine.runner.waits": "你的代码在等待：{calls} 次调用共用了 {wall:.1f} 秒墙钟时间，却只用了 {cpu:.1f} 秒 CPU "
                           "时间，而这项检查允许 {allowed:g} 秒墙钟时间；每次调用都返回了，所以不是死循环。它是在等待"
                           "什么吗（sleep、锁、输入）？",
    "engine.runner.slow": "你的代码太慢：{calls} 次调用共用了 {cpu:.1f} 秒 CPU 时间（每次约 {each:.2f} 秒），而这项"
                          "检查的预算是 {budget:g} 秒 CPU 时间；每次调用都返回了，所以不是死循环。找找逐元素的 Python "
                          "循环，或每次调用都重复的计算",
    "engine.runner.parameters": "模块的参数和 buffer 应为 [{want}]，实际为 [{have}]（{detail}）",
    "engine.runner.missing_parameters": "缺失或形状不同：{names}",
    "engine.runner.extra_parameters": "多出来的：{names}",

    # search
    "engine.search.nondeterministic": "两次相同的调用给出了不同的输出：是不是没用传入的 generator 就取了随机数，"
                                      "或者保留了上一次调用的状态？",

    # loader: the signature check
    "engine.loader.a_class": "类",
    "engine.loader.a_function": "函数",
    "engine.loader.by_position": "{n} 个位置参数",
    "engine.loader.by_position_many": "{n} 个位置参数",
    "engine.loader.not_callable": "`{have}` 无法按评分器的方式调用（{how}）：{error}；题目要求 `{want}`",
    "engine.loader.missing": "缺少 `{name}`：题目要求{kind} `{want}`",
    "engine.loader.wrong_kind": "`{name}` 应当是{kind}，形如 `{want}`",
    "engine.loader.missing_method": "缺少 `{name}`：题目要求 `{want}`",

    # guards: what stops the learner's code
    "engine.guards.out_of_memory": "你的代码用完了一次评分允许的内存（默认 3 GB 地址空间）：是不是跨调用保留了张量，"
                                   "或者构造了比输入大得多的东西？",
    "engine.guards.line": "（第 {line} 行）",
    "engine.guards.line_source": "（第 {line} 行：`{source}`）",
    "engine.guards.cpu_timeout": "用了 {seconds:g} 秒 CPU 时间仍未返回：是死循环，还是太慢了？",
    "engine.guards.wall_timeout": "在 {wall:g} 秒墙钟时间内没有返回，用了 {cpu:.2f} 秒 CPU 时间：是在等待什么吗"
                                  "（sleep、锁、输入）？",
    "engine.guards.exited": "你的代码触发了 {what}",
    "engine.guards.printed_too_much": "你的代码输出超过 {mb} MB，已被停止",

    # speed
    "engine.speed.build_too_long": "构建模块花的时间太长",
    "engine.speed.other_values": "计时过程中你的代码给出了与参考实现不同的数值：{difference}",
    "engine.speed.one_call": "有一次调用{what}",
    "engine.speed.cpu_over": "有一次调用用了超过 {limit:g} 秒 CPU 时间",
    "engine.speed.cpu_over_reference": "有一次调用用了超过 {limit:g} 秒 CPU 时间，而参考实现只需 {reference:.2f} ms",
    "engine.speed.raised": "计时过程中你的代码抛出 {kind}: {error}",
    "engine.speed.ratio": "参考实现 CPU 时间的 {ratio:.1f} 倍（上限 {limit:g} 倍；参考实现 {reference:.2f} ms，"
                          "你的 {yours:.2f} ms，取 {pairs} 次中最快）",
    "engine.speed.too_slow": "{measured}：比任何正确做法需要的都慢得多",

    # stats: the sampling checks' tests
    "engine.stats.impossible": "其概率为 0",
    "engine.stats.drawn_impossible": "位置 {slot}：{outcome} 被抽到 {count} 次，但{impossible}",
    "engine.stats.drawn_off": "位置 {slot}：{outcome} 在 {n} 次中被抽到 {count} 次，期望 {mean:.0f} ± {sd:.0f} 次"
                              "（概率 {p:.3f}）",
    "engine.stats.drawn_unlike": "位置 {slot}：{outcome} 被抽到 {count} 次，而参考实现在同样多次抽样中抽到 "
                                 "{reference} 次",
}

# The engine's check names, keyed by their English (Check.name keeps the English; the views translate).
TEXT: dict[str, str] = {
    "load": "加载",
    "signature": "签名",
    "banned calls": "禁用调用",
    "own work": "独立完成",
    "started": "已开始",
    "parameters": "参数",
    "runs": "运行",
    "shape": "形状",
    "dtype": "数据类型",
    "values": "数值",
    "float64": "float64",
    "float16/bfloat16": "float16/bfloat16",
    "float16": "float16",
    "bfloat16": "bfloat16",
    "gradients": "梯度",
    "invariants": "不变量",
    "extreme inputs": "极端输入",
    "frequencies": "频率",
    "generator": "随机数生成器",
    "no loop": "无循环",
    "work": "计算量",
    "memory": "内存",
    "inputs unchanged": "输入未被修改",
    "device": "设备",
    "device cuda": "设备 cuda",
    "device mps": "设备 mps",
    "device (emulated)": "设备（模拟）",
    "speed": "速度",
}
