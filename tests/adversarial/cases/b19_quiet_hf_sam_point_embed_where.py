"""The same prompt encoder written without mask reads: mask writes of constants and torch.where for the
learned embeddings compile."""
import torch
from torch import nn


class PointEmbedder(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.proj = nn.Linear(2, dim)
        self.point_embeddings = nn.ParameterList([nn.Parameter(torch.randn(dim)) for _ in range(2)])

    def forward(self, points, labels):
        point_embedding = self.proj(points)
        point_embedding[labels == -1] = 0.0
        lab = labels[..., None]
        point_embedding = torch.where(lab == 0, point_embedding + self.point_embeddings[0], point_embedding)
        point_embedding = torch.where(lab == 1, point_embedding + self.point_embeddings[1], point_embedding)
        return point_embedding


def example():
    labels = torch.tensor([[0, 1, -1], [1, 0, 0]])
    return PointEmbedder(), (torch.randn(2, 3, 2), labels)
