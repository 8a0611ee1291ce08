import torch
from torch import nn


class BucketPicker(nn.Module):
    def __init__(self):
        super().__init__()
        self.buckets = [4, 8, 16]

    def forward(self, scores, length: int):
        best = scores.argmax()
        bucket = min(self.buckets, key=lambda b: abs(b - length))
        widest = max(self.buckets)
        return scores * bucket + scores[best.view(1)] * widest


def example():
    return BucketPicker(), (torch.rand(3), 6)
