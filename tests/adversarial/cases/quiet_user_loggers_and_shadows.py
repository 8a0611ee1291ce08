"""Logging-looking calls that are user code: a null logger object, a module-level `print` replacement,
a `warn` method on a config, and a local named `time` that is an int."""
import torch
from torch import nn


class NullLogger:
    def info(self, *args, **kwargs):
        return None

    def warning(self, *args, **kwargs):
        return None


def print(*args, **kwargs):  # noqa: A001  (silences the library's debug prints)
    return None


class Config:
    strict = False

    def warn(self, msg):
        return msg if self.strict else None


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.logger = NullLogger()
        self.config = Config()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        self.logger.info("forward %s", x.shape)
        self.logger.warning("mean is %s", x.mean())
        print("debug", x)
        self.config.warn("check")
        time = x.size(0)
        return self.lin(x) * time


def example():
    return Model(), (torch.randn(2, 4),)
