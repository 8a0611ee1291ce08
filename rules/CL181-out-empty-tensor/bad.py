import torch
from torch import nn


def tour_is_permutation(tour):
    # the attention model's check: every node visited once
    expected = torch.arange(tour.size(1), out=tour.data.new()).view(1, -1).expand_as(tour)  # expect: CL181
    return (expected == tour.sort(1)[0]).float().mean()


class TourCheck(nn.Module):
    def forward(self, tour, demand):
        ranks = torch.arange(1, tour.size(1) + 1, out=torch.LongTensor())  # expect: CL181
        padded = torch.cat([demand, demand], dim=1, out=demand.new_empty(0))  # expect: CL181
        return tour_is_permutation(tour) + ranks.sum() + padded.sum()


def example():
    tour = torch.stack([torch.randperm(6) for _ in range(3)])
    return TourCheck(), (tour, torch.rand(3, 6))
