"""The stubs in Chinese: each drill's prompt translated, its code the same as drills/<id>.py."""
