import torch
from torch import nn


class BucketPicker(nn.Module):
    def __init__(self):
        super().__init__()
        self.buckets = [4, 8, 16]
        self.weights = [0.2, 0.5, 0.3]

    def forward(self, scores: torch.Tensor):
        best = max(range(scores.shape[0]), key=lambda j: scores[j])  # expect: CL174
        heaviest = max(range(3), key=lambda j: self.weights[j])  # expect: CL174
        return scores[:, None] * (best + heaviest + self.buckets[0])


def example():
    return BucketPicker(), (torch.rand(3),)
