"""compilelint: find torch.compile graph breaks and recompilations before anything runs."""

__version__ = "0.1.0"


def __getattr__(name):
    # lazy, so that `import compilelint` stays cheap for the linter
    if name == "Example":
        from compilelint.example import Example

        return Example
    raise AttributeError(name)
