import torch
from torch import nn


class Probe(nn.Module):
    def __init__(self):
        super().__init__()
        self.bias = nn.Parameter(torch.zeros(8))

    def forward(self, x, pos, track: bool = False):
        h = x.detach().requires_grad_(False)
        anchor = x.detach().requires_grad_(track)  # a flag of unknown value: off here, and not flagged
        if track:
            anchor.requires_grad_(True)
        else:
            anchor.requires_grad_(False)  # turned on only in the other branch: never requires grad here
        # computed from a parameter, `shifted` already requires grad: requires_grad_() is a no-op that compiles
        shifted = (h + self.bias).requires_grad_()
        with torch.no_grad():  # what is computed here needs no grad, so the factory makes a plain tensor
            scaled = self.bias * 2
            ones = torch.ones(8, requires_grad=scaled.requires_grad)
        # an input turned on but never differentiated here may arrive requiring grad: a no-op that compiles
        pos.requires_grad_(True)
        return (shifted * 2).sum(-1) + anchor.sum() + ones.sum() + (pos * pos).sum()


def example():
    return Probe(), (torch.randn(2, 8), torch.randn(3, 3, requires_grad=True))
