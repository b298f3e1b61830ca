"""What the grading runtime (server, sandbox, client) writes in a verdict, in Chinese."""
MESSAGES: dict[str, str] = {
    # grader/engine/distributed.py: the ranks of a process group
    "runtime.distributed.no_group": "评分器无法在 {seconds} 秒内启动 {ranks} 个 rank 的进程组（机器负载过高？）",
    "runtime.distributed.rank_process_ended": "该 rank 的进程已结束",
    "runtime.distributed.no_rank": "评分器无法启动进程组的 rank {rank}：{why}",
    "runtime.distributed.still_busy": "rank {rank} 用掉了 {seconds} 秒 CPU 时间，各 rank 却毫无进展",
    "runtime.distributed.still": "各 rank 在 {seconds} 秒内毫无进展",
    "runtime.distributed.still_wall": "各 rank 在 {seconds} 秒的墙钟时间内毫无进展",
    "runtime.distributed.exit_on_rank": "你的代码在 rank {rank} 上调用了 {what}",
    "runtime.distributed.said_on_rank": "{what}（在 rank {rank} 上）",
    "runtime.distributed.nth_st": "第 {n}",
    "runtime.distributed.nth_nd": "第 {n}",
    "runtime.distributed.nth_rd": "第 {n}",
    "runtime.distributed.nth_th": "第 {n}",
    "runtime.distributed.and": "，",
    "runtime.distributed.list": "；",
    "runtime.distributed.no_calls": "没有调用任何集合通信",
    "runtime.distributed.one_call": "调用了 {n} 次 {op}",
    "runtime.distributed.calls": "调用了 {n} 次 {op}",
    "runtime.distributed.with_rank": "，对方为 rank {rank}",
    "runtime.distributed.of_tensor": "，张量形状 {shape}",
    "runtime.distributed.waits_on": "在等待 {op}（它{nth} 次 {op} 调用，以 async_op=True 发起{what}{peer}）",
    "runtime.distributed.waits_in": "卡在 {op} 中（它{nth} 次 {op} 调用{what}{peer}）",
    "runtime.distributed.rank_does": "rank {rank} {does}",
    "runtime.distributed.reached": "rank {rank} 到达了 {at}（{calls}）",
    "runtime.distributed.returned": "rank {rank} 已返回（{calls}）",
    "runtime.distributed.stopped": "rank {rank} 已停止（{calls}）",
    "runtime.distributed.running": "rank {rank} 仍在运行（{calls}）",
    "runtime.distributed.not_finished": "各 rank 没有完成：{others}；{stopped}",
    "runtime.distributed.different_calls": "各 rank 返回时集合通信的调用次数不同（{counts}）：其他 rank 永远不会发起的调用，"
                                           "永远得不到匹配",
    "runtime.distributed.while": "{said}，而{others}",
    "runtime.distributed.rule_collectives": "每个 rank 必须以相同顺序发起相同的集合通信调用",
    "runtime.distributed.rule_send_recv": "每个 send 都必须按相同顺序与另一 rank 上对应的 recv 配对",
    "runtime.distributed.never": "它永远无法完成：{rule}",
    "runtime.distributed.stopped_rule": "{stopped}：{rule}",
    "runtime.distributed.hang": "各 rank 卡死了：{text}；{ending}",
    "runtime.distributed.killed": "被 {signal} 杀死",
    "runtime.distributed.killed_abort": "被 {signal} 杀死（同一次集合通信中各 rank 的张量大小不同时，gloo 会中止该 rank）",
    "runtime.distributed.exited": "以退出码 {code} 退出：你的代码调用了 os._exit() 吗？",
    "runtime.distributed.closed": "关闭了评分器的通道或已结束",
    "runtime.distributed.while_in": "（当时在 {op} 中，它{nth} 次调用）",
    "runtime.distributed.after": "（{calls}）",
    "runtime.distributed.ended": "rank {rank} 的进程{how}{where}",
    "runtime.distributed.ended_others": "{ended}；{others}",
    "runtime.distributed.on_rank": "{text}（在 rank {rank} 上{where}）",
    "runtime.distributed.at_line": "，第 {line} 行：`{source}`",
    "runtime.distributed.raised": "抛出了 {kind}：{message}",
    "runtime.distributed.unsendable": "无法传回该 rank 的返回值：{error}",

    # grader/engine/apart.py: the learner's process
    "runtime.apart.ended_earlier": "你的代码在本次评分中早先结束了自己的进程；评分到此为止",
    "runtime.apart.stopped_itself": "你的代码暂停了自己的进程（{signal}），评分无法继续",
    "runtime.apart.signalled_itself": "你的代码向自己的进程发送了 {signal}，进程因此结束",
    "runtime.apart.crashed": "运行你的代码时 Python 解释器崩溃了（{signal}）",
    "runtime.apart.exited": "进程在评分途中以退出码 {code} 退出：你的代码调用了 os._exit() 吗？",
    "runtime.apart.not_an_exception": "你的代码抛出了 {kind}（{error}），它不是 Exception",

    # grader/runtime/sandbox.py: the grading process closed in
    "runtime.sandbox.reference_import": "你的文件用了参考实现（import {name}），你的代码无法使用它：请自己实现",
    "runtime.sandbox.too_many_processes": "你的代码启动了超过 {most} 个进程，超出一次检查允许的上限（fork 炸弹？）",
    "runtime.sandbox.reference_started": "对参考实现调用了 {event}",
    "runtime.sandbox.no_signals": "你的代码不能向评分器或所有进程发送信号（{call}）",
    "runtime.sandbox.no_dynamo": "评分时不能使用 torch._dynamo.{name}",

    # grader/runtime/server.py: the warm grader, and how a grading process ended
    "runtime.server.report_went_on": "评分进程的报告在结束之后还在继续",
    "runtime.server.report_incomplete": "评分进程的报告不完整（收到 {arrived} 项检查，发出 {sent} 项）",
    "runtime.server.report_incomplete_step": "评分进程的报告不完整（收到 {arrived} 项检查，发出 {sent} 项；"
                                             "{step} 没有结束）",
    "runtime.server.grading_wall": "整个评分在 {seconds} 秒墙钟时间内没有完成，已被停止：你的代码在等待什么吗"
                                   "（sleep、锁、输入）？",
    "runtime.server.stall_wall": "你的代码在 {seconds} 秒墙钟时间内没有完成，已被停止：它在等待什么吗"
                                 "（sleep、锁、输入），还是卡在某个操作里？",
    "runtime.server.grading_cpu": "整个评分用了超过 {seconds} 秒 CPU 时间，已被停止：你的代码太慢了，"
                                  "或者某个操作卡住了",
    "runtime.server.stall_cpu": "你的代码在 {seconds} 秒 CPU 时间内没有完成，已被停止：是死循环"
                                "（单次调用的超时无法打断的那种），还是某个操作规模太大？",
    "runtime.server.stopped_itself": "你的代码暂停了自己的进程（{signal}），评分无法继续",
    "runtime.server.stopped_outside": "评分进程在评分时被外部暂停（SIGSTOP）；不作记录",
    "runtime.server.printed_too_much": "你的代码输出超过 {megabytes} MB，已被停止",
    "runtime.server.signalled_itself": "你的代码向自己的进程发送了 {signal}，进程因此结束",
    "runtime.server.killed_outside": "评分进程在评分时被外部杀死（{signal}）；不作记录",
    "runtime.server.alarm_taken": "你的代码接管了评分器单次调用的定时器（{signal}），随后又超时了：死循环，还是太慢？",
    "runtime.server.crashed": "运行你的代码时 Python 解释器崩溃了（{signal}）",
    "runtime.server.grader_failed": "评分进程在报告之前就失败了（见 DRILL_HOME 中的 grader.log）",
    "runtime.server.channel_closed": "你的代码关闭了评分器自己的通道（一个不是它打开的文件描述符），评分已停止",
    "runtime.server.exited": "进程在评分途中以退出码 {code} 退出：你的代码调用了 os._exit() 吗？",
    "runtime.server.not_an_exception": "你的代码抛出了 {kind}（{error}），它不是 Exception，评分到此为止",
    "runtime.server.internal_error": "评分器内部错误：{kind}：{error}",
    "runtime.server.server_stopped": "评分器在评分时被停止；不作记录",
    "runtime.server.no_grading_process": "评分器无法启动评分进程（{error}）：进程太多了？",
    "runtime.server.client_gone": "客户端已断开",

    # grader/runtime/client.py: reaching the warm grader
    "runtime.client.no_socket_folder": "找不到存放评分器套接字的目录：请把 XDG_RUNTIME_DIR 设为一个路径短、可写的目录",
    "runtime.client.exited_starting": "评分器在启动时退出（退出码 {code}）：{last}",
    "runtime.client.did_not_start": "评分器没有在 {seconds} 秒内启动（见 {log}）",
    "runtime.client.see": "见 {log}",
    "runtime.client.last_line": "{line}（见 {log}）",
    "runtime.client.stopped_answering": "评分器在结果完整之前停止了响应；不作记录",
    "runtime.client.unreachable": "无法连接评分器：{error}；不作记录",
    "runtime.client.silent": "评分器 {seconds} 秒没有响应，已放弃；不作记录",
    "runtime.client.broke": "与评分器的连接断开了（{kind}：{error}）；不作记录",
}

# The runtime's fixed texts, keyed by their English: the names of the checks it reports and the
# labels of the steps it makes.
TEXT: dict[str, str] = {
    "grading": "评分",
    "grader": "评分器",
    "start": "启动",
    "rank {0} of {1}": "rank {0}（共 {1} 个）",
}
