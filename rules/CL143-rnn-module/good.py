import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = nn.GRUCell(8, 8)

    def forward(self, x):
        h = torch.zeros(x.shape[0], 8)
        for step in range(x.shape[1]):
            h = self.cell(x[:, step], h)
        return h


class Evolving(nn.Module):
    # `self.evolve` is an nn.GRU only when built with kind="gru": this one steps a GRUCell, which compiles
    def __init__(self, kind="cell"):
        super().__init__()
        self.kind = kind
        if kind == "gru":
            self.evolve = nn.GRU(8, 8, batch_first=True)
        else:
            self.evolve = nn.GRUCell(8, 8)

    def forward(self, x):
        if self.kind == "gru":
            return self.evolve(x)[1][0]
        h = torch.zeros(x.shape[0], 8)
        for step in range(x.shape[1]):
            h = self.evolve(x[:, step], h)
        return h


class ChosenCell(nn.Module):
    # the class is picked by name and one choice is a cell, which compiles: not known statically, so silent
    def __init__(self, kind="cell"):
        super().__init__()
        recurrence = nn.GRU if kind == "gru" else nn.GRUCell
        self.recurrence = recurrence(8, 8)

    def forward(self, x):
        h = torch.zeros(x.shape[0], 8)
        for step in range(x.shape[1]):
            h = self.recurrence(x[:, step], h)
        return h


class HandedCell(nn.Module):
    # a helper handed a cell (annotated as one) steps it: cells compile, the annotation is no RNN module
    def __init__(self):
        super().__init__()
        self.cell = nn.GRUCell(8, 8)

    @staticmethod
    def _unroll(x, cell: nn.GRUCell):
        h = x.new_zeros(x.shape[0], cell.hidden_size)
        for step in range(x.shape[1]):
            h = cell(x[:, step], h)
        return h

    def forward(self, x):
        return self._unroll(x, self.cell)


class Typed(nn.Module):
    # Hugging Face style `self.dtype`: `next(self.parameters())` stops at the first parameter, before the GRU below
    # it (which only an eager method runs), and a method that visits every submodule is called on a part without one
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(8, 8)
        self.context = nn.GRU(8, 8, batch_first=True)

    def encode_eagerly(self, x):
        return self.context(x)[0]

    def forward(self, x):
        self.head.train(self.training)
        return self.head(x.to(next(self.parameters()).dtype)).sum(1)


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.typed = Typed()
        self.encoder = Encoder()
        self.evolving = Evolving()
        self.chosen = ChosenCell()
        self.handed = HandedCell()

    def forward(self, x):
        return self.encoder(x) + self.evolving(x) + self.chosen(x) + self.handed(x) + self.typed(x)


def example():
    return Both(), (torch.randn(2, 5, 8),)
