"""Comprehensions over lists and dicts in a frame dynamo gives up on (a break in a loop; an nn.LSTM, GB0014): the
frame runs eagerly, dynamo compiles each comprehension whose own code names a torch module or `self`, or reads a
tensor from the enclosing frame, as a frame of its own, and cannot step a list's or a dict's iterator there (GB4347
on the comprehension's line). A tuple's and a range's it steps; a comprehension naming nothing of torch is not
compiled. Held-out group 87 (stanza's classifier: `[F.max_pool2d(out, ...) for out in conv_outs]` after its BiLSTM)."""
import torch
import torch.nn.functional as F
from torch import nn


class Counted(nn.Module):
    def __init__(self):
        super().__init__()
        self.scales = [0.5, 2.0]
        self.pair = (0.5, 2.0)
        self.seen = 0.0

    def forward(self, x):
        for row in x:
            self.seen = self.seen + row.sum().item()  # expect: CL111
        outs = [x * 2, x + 1]
        a = [F.relu(o) for o in outs]  # expect: CL165
        d = {"a": x * 2, "b": x + 1}
        b = [torch.tanh(v) for _, v in d.items()]  # expect: CL165
        c = [x * s for s in self.scales]  # expect: CL165
        e = [x * s for s in self.pair]
        f = [torch.relu(x) * i for i in range(2)]
        g = [o * 2 for o in outs]
        return a[0] + b[0] + c[0] + e[0] + f[0] + g[0]


class Recurrent(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(4, 4, batch_first=True)

    def forward(self, x):
        early = [x * 2, x + 1]
        x = x + sum([F.relu(o) for o in early])  # before the RNN: compiled in this frame's graph, no break
        x, _ = self.lstm(x)  # expect: CL143
        outs = []
        outs.append(x * 2)
        outs.append(x + 1)
        pooled = [F.max_pool1d(o, 2) for o in outs]  # expect: CL165
        return torch.cat(pooled, dim=1)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.counted = Counted()
        self.recurrent = Recurrent()

    def forward(self, x):
        return self.counted(x).sum() + self.recurrent(x).sum()


def example():
    return Net(), (torch.randn(2, 3, 4),)
