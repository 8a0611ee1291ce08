"""A break in the header of a loop nested in another (a `for`'s iterable, a `while`'s test) runs whenever the
outer loop's body does and skips the frame: the breaks written after it in the same function never happen."""
import torch
from torch import nn


def penalize(scores, input_ids, penalty):
    for i in range(scores.shape[0]):
        for token in set(input_ids[i].tolist()):  # expect: CL112
            s = scores[i, token]
            scores[i, token] = s * penalty if s < 0 else s / penalty
    return scores


def halve(x, steps):
    for _ in range(steps):
        while (x.abs() > 4).any():  # expect: CL101
            x = x * 0.5
        x = x + 1
    print("halved")
    return x


class Net(nn.Module):
    def forward(self, scores, input_ids):
        return halve(penalize(scores, input_ids, 1.2), 2)


def example():
    return Net(), (torch.randn(2, 5) * 8, torch.tensor([[1, 4, 4], [3, 0, 2]]))
