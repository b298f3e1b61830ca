"""The grading engine: how a drill is declared (spec, kit) and checked (pipeline and the check
kinds it runs: compare, search, sampling, speed, counting, devices, guards), the learner's process
the learner's code runs in (apart, runner, processes) and the rank processes of distributed drills
(distributed). It imports nothing from the runtime, the learner's data or the views."""
