"""A trainer that keeps the optimizer it is handed, declared by class (`global_optimizer: Optimizer` in `__init__`,
stored as `self.global_optimizer`), and whose batch step is compiled (PyTorch-BigGraph's `Trainer.process_one_batch`,
missed in held-out 86): the optimizer's `step` is torch's, which dynamo does not trace (GB0025 in its `_use_grad`
wrapper). A parameter declared with a class of the project (`Counter`) keeps its own `step`, which compiles; one
declared with no class is not known."""
import torch
from torch import nn
from torch.optim import Optimizer


class Counter:
    def __init__(self):
        self.count = torch.zeros(())

    def step(self, value):
        return self.count + value


class Trainer:
    def __init__(self, global_optimizer: Optimizer, counter: Counter, weight):
        self.global_optimizer = global_optimizer
        self.counter = counter
        self.weight = weight

    def process_one_batch(self, model, x):
        loss = self.weight * model(x).pow(2).mean()
        self.global_optimizer.step(closure=None)  # expect: CL159
        return self.counter.step(loss.detach())


class Step(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Linear(4, 4)
        self.trainer = Trainer(torch.optim.SGD(self.model.parameters(), lr=1e-3), Counter(), 2.0)

    def forward(self, x):
        return self.trainer.process_one_batch(self.model, x)


def example():
    return Step(), (torch.randn(2, 4),)
