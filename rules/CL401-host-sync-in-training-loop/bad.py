import torch
from compilelint import Example
from torch import nn


def train(steps: int):
    model = torch.compile(nn.Linear(8, 1), backend="eager")
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    history = []
    for _ in range(steps):
        loss = model(torch.randn(4, 8)).pow(2).mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
        history.append(loss.item())  # expect: CL401
        last = loss.detach().cpu()  # expect: CL401
    return history, last


def example():
    return Example(train, (3,), compiles_itself=True)
