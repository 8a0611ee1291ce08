"""A realistic model for `compilelint --verify` on a GPU (see pyproject.toml)."""
