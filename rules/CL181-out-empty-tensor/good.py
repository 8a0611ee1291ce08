import torch
from torch import nn


def tour_is_permutation(tour):
    expected = torch.arange(tour.size(1), dtype=tour.dtype, device=tour.device).view(1, -1).expand_as(tour)
    return (expected == tour.sort(1)[0]).float().mean()


class TourCheck(nn.Module):
    def forward(self, tour, demand):
        ranks = torch.arange(1, tour.size(1) + 1, out=tour.new(tour.size(1)))  # already the result's shape
        padded = torch.cat([demand, demand], dim=1)
        return tour_is_permutation(tour) + ranks.sum() + padded.sum()


def example():
    tour = torch.stack([torch.randperm(6) for _ in range(3)])
    return TourCheck(), (tour, torch.rand(3, 6))
