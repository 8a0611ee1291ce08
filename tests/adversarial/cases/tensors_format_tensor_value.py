"""`"{:.2f}".format(t)` of a tensor: dynamo gives up on the frame (GB0088) where the text is used, the next line."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        h = x * 2
        text = "{:.2f}".format(h.mean())
        return h * len(text)  # known-miss: CL137


def example():
    return Model(), (torch.randn(2, 3),)
