"""English: the language every declaration is written in and every kept verdict is kept in."""
