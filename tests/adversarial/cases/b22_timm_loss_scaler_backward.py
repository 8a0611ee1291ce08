"""A compiled training step hands its loss to a NativeScaler-style object whose `__call__` runs the backward pass
(optionally with a graph for second-order optimizers)."""
import torch
import torch.nn.functional as F
from torch import nn


class NativeScaler:
    state_dict_key = "amp_scaler"

    def __init__(self, scale=1.0):
        self.scale = scale

    def __call__(self, loss, create_graph=False):
        (loss * self.scale).backward(create_graph=create_graph)  # expect: CL147


class TrainStep(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Linear(6, 3)
        self.loss_scaler = NativeScaler()

    def forward(self, x, target):
        loss = F.cross_entropy(self.model(x), target)
        self.loss_scaler(loss)
        return loss.detach()


def example():
    return TrainStep(), (torch.randn(4, 6), torch.tensor([0, 1, 2, 1]))
