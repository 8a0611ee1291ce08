"""Relative position bias picked by name: `getattr(self, f"_{self.position_embedding_type}_bias")` chooses a
method at call time. The chosen "relative_key" method sizes its distance table from the largest distance in
the position ids, read with int()."""
import torch
from torch import nn


class SelfAttention(nn.Module):
    def __init__(self, dim=4, position_embedding_type="relative_key", max_distance=8):
        super().__init__()
        self.position_embedding_type = position_embedding_type
        self.distance_embedding = nn.Embedding(2 * max_distance - 1, dim)
        self.qk = nn.Linear(dim, 2 * dim)

    def _absolute_bias(self, query, position_ids):
        return query.new_zeros(query.shape[0], query.shape[1], query.shape[1])

    def _relative_key_bias(self, query, position_ids):
        distance = position_ids[:, None] - position_ids[None, :]
        max_distance = int(distance.abs().max()) + 1  # expect: CL111
        table = self.distance_embedding.weight[: 2 * max_distance - 1]
        embedding = table[distance + max_distance - 1]
        return torch.einsum("bld,lrd->blr", query, embedding)

    def forward(self, hidden, position_ids):
        query, key = self.qk(hidden).chunk(2, dim=-1)
        scores = query @ key.transpose(-1, -2)
        bias_fn = getattr(self, f"_{self.position_embedding_type}_bias")
        return (scores + bias_fn(query, position_ids)).softmax(-1)


def example():
    return SelfAttention(), (torch.randn(1, 3, 4), torch.arange(3))
