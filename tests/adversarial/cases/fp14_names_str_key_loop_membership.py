"""Optional targets looked up in a batch dict by keys held in a tuple attribute and in a loop variable: the key is a
string, so `in` is dict membership, never Tensor.__contains__."""
import torch
from torch import nn


class MultiTaskHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)
        self.task_keys = ("energy", "forces")
        self.weight_key = "weights"

    def forward(self, batch):
        out = self.proj(batch["x"])
        loss = out.new_zeros(())
        for key in self.task_keys:
            if key in batch:
                loss = loss + (out - batch[key]).pow(2).mean()
        if self.weight_key in batch:
            loss = loss * batch[self.weight_key].mean()
        name = "stress"
        if name not in batch:
            loss = loss + 1
        return loss


def example():
    return MultiTaskHead(), ({"x": torch.randn(2, 4), "energy": torch.randn(2, 4), "weights": torch.ones(2)},)
