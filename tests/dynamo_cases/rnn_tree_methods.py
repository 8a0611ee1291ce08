"""Module methods that visit every submodule before they return (`eval`, `train`, `to`, ...) meet an RNN module
anywhere below the receiver: dynamo breaks at the call with GB0014 (seq2seq-pytorch's greedy and beam search call
`self.eval()` with GRUs two levels down, held-out 45). A generator that stops at the first parameter, a receiver with
no RNN below it, and an attribute that may hold something else than an RNN compile. One break of this kind per
file: dynamo logs a second one of the same reason as a duplicate inside torch, without the user's line
(rnn_tree_methods_submodule.py has the receiver `self.encoder`)."""

import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Linear(8, 8)
        self.gru = nn.GRU(8, 8, batch_first=True)


class Stack(nn.Module):
    # the modules holding an RNN are elements of a ModuleList
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([Encoder(), Encoder()])
        self.out = nn.Linear(8, 8)

    def forward(self, x):
        self.train(False)  # expect: CL143
        return self.out(x)


class Quiet(nn.Module):
    # Hugging Face style `self.dtype` stops at the first parameter, and `self.head` has no RNN below it
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(8, 8)
        self.encoder = Encoder()

    def forward(self, x):
        dtype = next(self.parameters()).dtype
        self.head.eval()
        return self.head(x.to(dtype))


class Optional(nn.Module):
    # the RNN is there only when asked for: `self.rnn` is None here, and eval() meets no RNN
    def __init__(self, recurrent=False):
        super().__init__()
        self.rnn = None
        if recurrent:
            self.rnn = nn.GRU(8, 8)
        self.head = nn.Linear(8, 8)

    def forward(self, x):
        self.eval()
        return self.head(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stack = Stack()
        self.quiet = Quiet()
        self.optional = Optional()

    def forward(self, x):
        return self.stack(x) + self.quiet(x) + self.optional(x)


def example():
    return Model(), (torch.randn(2, 8),)
