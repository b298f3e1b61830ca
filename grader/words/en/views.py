"""The CLI's, the mock interview's and the reports' own text, in English."""
MESSAGES: dict[str, str] = {
}
