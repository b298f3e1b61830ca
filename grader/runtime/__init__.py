"""The isolation runtime: the warm grader that forks one sandboxed process per check (server,
sandbox) and the client the CLI, the watch loop and the notebook talk to it through (client)."""
