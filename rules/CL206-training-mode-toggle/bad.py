import torch
from compilelint import Example
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.drop = nn.Dropout(0.1)

    def forward(self, x):
        return self.drop(self.proj(x))


def example():
    model = torch.compile(Net(), backend="eager")

    def train_then_evaluate(x):
        model.train()
        model(x)
        model.eval()  # expect: CL206
        return model(x)

    return Example(train_then_evaluate, (torch.randn(2, 8),), compiles_itself=True)
