"""What the grading runtime (server, sandbox, client) writes in a verdict, in English."""
MESSAGES: dict[str, str] = {
    # grader/engine/distributed.py: the ranks of a process group
    "runtime.distributed.no_group": "the grader could not start a process group of {ranks} ranks within {seconds} s "
                                    "(is the machine overloaded?)",
    "runtime.distributed.rank_process_ended": "the rank's process ended",
    "runtime.distributed.no_rank": "the grader could not start rank {rank} of a process group: {why}",
    "runtime.distributed.still_busy": "nothing moved while rank {rank} used {seconds} s of CPU time",
    "runtime.distributed.still": "nothing moved for {seconds} s",
    "runtime.distributed.still_wall": "nothing moved for {seconds} s of wall time",
    "runtime.distributed.exit_on_rank": "your code raised {what} on rank {rank}",
    "runtime.distributed.said_on_rank": "{what} on rank {rank}",
    "runtime.distributed.nth_st": "{n}st",
    "runtime.distributed.nth_nd": "{n}nd",
    "runtime.distributed.nth_rd": "{n}rd",
    "runtime.distributed.nth_th": "{n}th",
    "runtime.distributed.and": " and ",
    "runtime.distributed.list": ", ",
    "runtime.distributed.no_calls": "no collective call",
    "runtime.distributed.one_call": "{n} {op} call",
    "runtime.distributed.calls": "{n} {op} calls",
    "runtime.distributed.with_rank": " with rank {rank}",
    "runtime.distributed.of_tensor": " of a {shape} tensor",
    "runtime.distributed.waits_on": "waits on {op}{what}{peer} (its {nth} {op} call, launched with async_op=True)",
    "runtime.distributed.waits_in": "waits in {op}{what}{peer} (its {nth} {op} call)",
    "runtime.distributed.rank_does": "rank {rank} {does}",
    "runtime.distributed.reached": "rank {rank} reached {at} after {calls}",
    "runtime.distributed.returned": "rank {rank} returned after {calls}",
    "runtime.distributed.stopped": "rank {rank} stopped after {calls}",
    "runtime.distributed.running": "rank {rank} is still running after {calls}",
    "runtime.distributed.not_finished": "the ranks did not finish: {others}; {stopped}",
    "runtime.distributed.different_calls": "the ranks returned having made different numbers of collective calls "
                                           "({counts}): a call that the other ranks never make is never matched",
    "runtime.distributed.while": "{said} while {others}",
    "runtime.distributed.rule_collectives": "every rank must make the same collective calls in the same order",
    "runtime.distributed.rule_send_recv": "each send must meet the matching recv on the other rank, in the same "
                                          "order",
    "runtime.distributed.never": "it can never complete: {rule}",
    "runtime.distributed.stopped_rule": "{stopped}: {rule}",
    "runtime.distributed.hang": "the ranks hang: {text}; {ending}",
    "runtime.distributed.killed": "was killed by {signal}",
    "runtime.distributed.killed_abort": "was killed by {signal} (gloo aborts a rank when the ranks' tensors in one "
                                        "collective differ in size)",
    "runtime.distributed.exited": "exited with code {code}: does your code call os._exit()?",
    "runtime.distributed.closed": "closed the grader's channel or ended",
    "runtime.distributed.while_in": " while in {op} (its {nth} call)",
    "runtime.distributed.after": " after {calls}",
    "runtime.distributed.ended": "rank {rank}'s process {how}{where}",
    "runtime.distributed.ended_others": "{ended}; {others}",
    "runtime.distributed.on_rank": "{text} (on rank {rank}{where})",
    "runtime.distributed.at_line": ", line {line}: `{source}`",
    "runtime.distributed.raised": "raised {kind}: {message}",
    "runtime.distributed.unsendable": "what the rank returned could not be sent back: {error}",

    # grader/engine/apart.py: the learner's process
    "runtime.apart.ended_earlier": "your code ended its process earlier in this grading; grading stopped here",
    "runtime.apart.stopped_itself": "your code stopped its own process ({signal}), so grading could not go on",
    "runtime.apart.signalled_itself": "your code sent {signal} to its own process, which ended it",
    "runtime.apart.crashed": "the Python interpreter crashed ({signal}) while running your code",
    "runtime.apart.exited": "the process exited with code {code} in the middle of grading: does your code call "
                            "os._exit()?",
    "runtime.apart.not_an_exception": "your code raised {kind} ({error}), which is not an Exception",

    # grader/runtime/sandbox.py: the grading process closed in
    "runtime.sandbox.reference_import": "your file uses the reference solution (import {name}), which is not "
                                        "available to your code: write it yourself",
    "runtime.sandbox.too_many_processes": "your code started more than {most} processes, the most a check allows "
                                          "(a fork bomb?)",
    "runtime.sandbox.reference_started": "{event} on the reference solution",
    "runtime.sandbox.no_signals": "your code may not send signals to the grader or to every process ({call})",
    "runtime.sandbox.no_dynamo": "torch._dynamo.{name} is not available while grading",

    # grader/runtime/server.py: the warm grader, and how a grading process ended
    "runtime.server.report_went_on": "the grading process's report went on after its end",
    "runtime.server.report_incomplete": "the grading process's report was incomplete ({arrived} checks arrived, "
                                        "{sent} were sent)",
    "runtime.server.report_incomplete_step": "the grading process's report was incomplete ({arrived} checks "
                                             "arrived, {sent} were sent; {step} never ended)",
    "runtime.server.grading_wall": "the whole grading did not finish within {seconds} s of wall time and was "
                                   "stopped: is your code waiting on something (a sleep, a lock, input)?",
    "runtime.server.stall_wall": "your code did not finish within {seconds} s of wall time and was stopped: is it "
                                 "waiting on something (a sleep, a lock, input), or blocked in one operation?",
    "runtime.server.grading_cpu": "the whole grading used more than {seconds} s of CPU time and was stopped: your "
                                  "code is far too slow, or an operation hangs",
    "runtime.server.stall_cpu": "your code did not finish within {seconds} s of CPU time and was stopped: an "
                                "infinite loop (one that the per-call time limit could not interrupt), or a single "
                                "operation far too large?",
    "runtime.server.stopped_itself": "your code stopped its own process ({signal}), so grading could not go on",
    "runtime.server.stopped_outside": "the grading process was stopped from outside (SIGSTOP) while it graded; "
                                      "nothing is recorded",
    "runtime.server.printed_too_much": "your code printed more than {megabytes} MB and was stopped",
    "runtime.server.signalled_itself": "your code sent {signal} to its own process, which ended it",
    "runtime.server.killed_outside": "the grading process was killed from outside ({signal}) while it graded; "
                                     "nothing is recorded",
    "runtime.server.alarm_taken": "your code took over the grader's per-call alarm ({signal}) and then ran past it: "
                                  "an infinite loop, or far too slow?",
    "runtime.server.crashed": "the Python interpreter crashed ({signal}) while running your code",
    "runtime.server.grader_failed": "the grading process failed before it could report (see grader.log in "
                                    "DRILL_HOME)",
    "runtime.server.channel_closed": "your code closed the grader's own channel (a file descriptor it did not "
                                     "open), so grading stopped",
    "runtime.server.exited": "the process exited with code {code} in the middle of grading: does your code call "
                             "os._exit()?",
    "runtime.server.not_an_exception": "your code raised {kind} ({error}), which is not an Exception, so grading "
                                       "stopped here",
    "runtime.server.internal_error": "internal error in the grader: {kind}: {error}",
    "runtime.server.server_stopped": "the grader was stopped while it graded; nothing is recorded",
    "runtime.server.no_grading_process": "the grader could not start a grading process ({error}): too many "
                                         "processes?",
    "runtime.server.client_gone": "the client went away",

    # grader/runtime/client.py: reaching the warm grader
    "runtime.client.no_socket_folder": "no folder for the grader's socket: set XDG_RUNTIME_DIR to a short, writable "
                                       "folder",
    "runtime.client.exited_starting": "the grader exited while starting (code {code}): {last}",
    "runtime.client.did_not_start": "the grader did not start within {seconds} s (see {log})",
    "runtime.client.see": "see {log}",
    "runtime.client.last_line": "{line} (see {log})",
    "runtime.client.stopped_answering": "the grader stopped answering before the verdict was complete; nothing is "
                                        "recorded",
    "runtime.client.unreachable": "the grader could not be reached: {error}; nothing is recorded",
    "runtime.client.silent": "the grader said nothing for {seconds} s and was left; nothing is recorded",
    "runtime.client.broke": "the connection to the grader broke ({kind}: {error}); nothing is recorded",
}
