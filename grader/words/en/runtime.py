"""What the grading runtime (server, sandbox, client) writes in a verdict, in English."""
MESSAGES: dict[str, str] = {
}
TEXT: dict[str, str] = {}
