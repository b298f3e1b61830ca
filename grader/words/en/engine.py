"""What the engine writes in a verdict, in English."""
MESSAGES: dict[str, str] = {
}
