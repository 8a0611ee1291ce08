import torch
from compilelint import Example
from torch import nn


class Block(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.up = nn.Linear(width, 4 * width)
        self.down = nn.Linear(4 * width, width)

    def forward(self, x):
        return x + self.down(torch.nn.functional.gelu(self.up(self.norm(x))))


class Net(nn.Module):
    def __init__(self, width=16, layers=8):
        super().__init__()
        self.stem = nn.Linear(width, width)  # every block's input is an activation (requires_grad): one graph
        self.blocks = nn.ModuleList([Block(width) for _ in range(layers)])
        self.head = nn.Linear(width, 4)

    def forward(self, x):
        x = self.stem(x)
        for block in self.blocks:
            x = block(x)
        return self.head(x)


def example():
    model = Net()
    model.compile(backend="eager", fullgraph=True)  # expect: CL306
    return Example(model, (torch.randn(2, 16),), compiles_itself=True)
