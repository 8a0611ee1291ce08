"""compilelint: find torch.compile graph breaks and recompilations before anything runs."""

__version__ = "0.1.0"
