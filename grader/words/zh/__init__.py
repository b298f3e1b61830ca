"""中文: the Chinese catalogue of templates and each drill's Chinese text."""
