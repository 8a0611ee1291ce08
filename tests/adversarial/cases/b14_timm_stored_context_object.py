"""A feature extractor keeps its context object on self (made in `__init__`) and enters it around each
stage; dynamo cannot enter a user context manager created outside the compiled region."""
import torch
from torch import nn

from b14_quiet_timm_helpers import make_stages


class FeatureScope:
    def __init__(self):
        self.depth = 0

    def __enter__(self):
        self.depth += 1
        return self

    def __exit__(self, *exc):
        self.depth -= 1
        return False


class FeatureNet(nn.Module):
    def __init__(self, dims=(3, 4, 8)):
        super().__init__()
        self.stages = make_stages(list(dims))
        self.scope = FeatureScope()

    def forward(self, x):
        x = x * 2.0
        with self.scope:  # expect: CL170
            x = self.stages[0](x)
        return self.stages[1](x)


def example():
    return FeatureNet(), (torch.randn(1, 3, 8, 8),)
