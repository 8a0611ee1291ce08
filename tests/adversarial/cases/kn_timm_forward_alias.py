"""A backbone whose forward is an alias bound in the class body after its implementation (`forward = _forward_impl`,
as torchvision-era code spells it): the implementation runs compiled and its `.tolist()` breaks. An export path
aliased the same way (`export = _export_impl`) is never called by forward and stays eager."""
import torch
from torch import nn


class Backbone(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.stem = nn.Linear(dim, dim)

    def _export_impl(self, x):
        return self.stem(x).tolist()

    def _forward_impl(self, x):
        h = self.stem(x)
        widths = h.argmax(-1).tolist()  # expect: CL112
        return h * len(widths)

    forward = _forward_impl
    export = _export_impl


def example():
    return Backbone(), (torch.randn(2, 4),)
