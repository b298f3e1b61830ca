"""Each drill's own Chinese text, one module a drill: TEXT = {English: 中文}."""
