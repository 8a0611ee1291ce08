"""An EMA-of-weights helper module evaluated inside forward (a model-soup teacher): the warm-up is counted by a
step buffer turned into a Python int with operator.index."""
import operator

import torch
from torch import nn


class EmaTeacher(nn.Module):
    def __init__(self, dim=4, warmup=3, decay=0.99):
        super().__init__()
        self.student = nn.Linear(dim, dim)
        self.teacher = nn.Linear(dim, dim)
        self.warmup, self.decay = warmup, decay
        self.register_buffer("num_updates", torch.tensor(1))

    def get_decay(self):
        step = operator.index(self.num_updates) - self.warmup  # expect: CL111
        return 0.0 if step <= 0 else self.decay

    def forward(self, x):
        d = self.get_decay()
        with torch.no_grad():
            for t, s in zip(self.teacher.parameters(), self.student.parameters()):
                t.mul_(d).add_(s, alpha=1 - d)
        return self.student(x), self.teacher(x)


def example():
    return EmaTeacher(), (torch.randn(2, 4),)
