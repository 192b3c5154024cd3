"""agents/: one agent paradigm per module."""
