"""A model with `@torch.jit.ignore` helper methods in the vision style (no_weight_decay, group_matcher,
get_classifier); forward reaches get_classifier, which returns a submodule."""
import torch
from torch import nn


class Net(nn.Module):
    def __init__(self, dim=8, num_classes=3):
        super().__init__()
        self.stem = nn.Linear(dim, dim)
        self.head = nn.Linear(dim, num_classes)
        self.grad_checkpointing = False

    @torch.jit.ignore
    def no_weight_decay(self):
        return {"stem.bias", "head.bias"}

    @torch.jit.ignore
    def group_matcher(self, coarse=False):
        return dict(stem=r"^stem", blocks=[(r"^head", (99999,))])

    @torch.jit.ignore
    def set_grad_checkpointing(self, enable=True):
        self.grad_checkpointing = enable

    @torch.jit.ignore
    def get_classifier(self):
        return self.head

    def forward(self, x):
        x = self.stem(x).relu()
        return self.get_classifier()(x)


def example():
    return Net(), (torch.randn(2, 8),)
