"""A prompt encoder's point embeddings: padding points are zeroed by a mask write, and the learned embedding of
each label is added in place through the same kind of mask (an augmented assignment reads x[mask] first)."""
import torch
from torch import nn


class PointEmbedder(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.proj = nn.Linear(2, dim)
        self.not_a_point_embed = nn.Parameter(torch.randn(dim))
        self.point_embeddings = nn.ParameterList([nn.Parameter(torch.randn(dim)) for _ in range(2)])

    def forward(self, points, labels):
        point_embedding = self.proj(points)
        point_embedding[labels == -1] = 0.0
        point_embedding[labels == 0] += self.point_embeddings[0]  # expect: CL122
        return point_embedding


def example():
    labels = torch.tensor([[0, 1, -1], [1, 0, 0]])
    return PointEmbedder(), (torch.randn(2, 3, 2), labels)
