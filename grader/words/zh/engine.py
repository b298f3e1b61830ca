"""What the engine writes in a verdict, in Chinese."""
MESSAGES: dict[str, str] = {
}
