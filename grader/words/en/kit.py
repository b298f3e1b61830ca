"""What the kit (the families of checks) writes in a verdict, in English."""
MESSAGES: dict[str, str] = {
}
TEXT: dict[str, str] = {}
