"""What the grading runtime (server, sandbox, client) writes in a verdict, in Chinese."""
MESSAGES: dict[str, str] = {
}
TEXT: dict[str, str] = {}
