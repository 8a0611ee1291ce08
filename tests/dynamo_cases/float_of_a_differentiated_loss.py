"""A batch step that records `float(loss)` for its statistics and then calls `loss.backward()` (PyTorch-BigGraph's
`Trainer.process_one_batch`, missed in held-out 86): the loss comes from a loss class picked from a registry by
name, whose return nothing types, but a value the function differentiates is a tensor, so `float()` of it reads its data (GB0124), and the backward
breaks too (GB0123). `float()` of the margin, a number the step never differentiates, compiles."""
import torch
from torch import nn


class Registry:
    def __init__(self):
        self.classes = {}

    def register_as(self, name):
        def register(cls):
            self.classes[name] = cls
            return cls
        return register

    def get_class(self, name):
        return self.classes[name]


LOSS_FUNCTIONS = Registry()


@LOSS_FUNCTIONS.register_as("ranking")
class RankingLoss(nn.Module):
    def __init__(self, margin):
        super().__init__()
        self.margin = margin

    def forward(self, pos, neg):
        return torch.relu(neg - pos.unsqueeze(1) + self.margin).sum()


class Trainer:
    def __init__(self, loss_fn, margin, weight):
        loss_fn_class = LOSS_FUNCTIONS.get_class(loss_fn)
        self.loss_fn = loss_fn_class(margin)
        self.weight = weight

    def process_one_batch(self, model, x):
        scores = model(x)
        loss = self.weight * self.loss_fn(scores[:, 0], scores[:, 1:])
        stats = {"loss": float(loss), "margin": float(self.loss_fn.margin)}  # expect: CL111
        loss.backward()  # expect: CL147
        return stats


class Step(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Linear(4, 3)
        self.trainer = Trainer("ranking", 0.1, 2.0)

    def forward(self, x):
        return self.trainer.process_one_batch(self.model, x)


def example():
    return Step(), (torch.randn(2, 4),)
