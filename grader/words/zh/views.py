"""The CLI's, the mock interview's and the reports' own text, in Chinese."""
MESSAGES: dict[str, str] = {
}
