"""A min-p logits warper: tokens below `min_p` times the top probability are removed, always keeping the first
`min_tokens_to_keep` of the sorted order; a sort, a gather, a slice write and a scatter, all tensors."""
import torch
from torch import nn


class MinPLogitsWarper(nn.Module):
    def __init__(self, min_p=0.1, filter_value=-float("inf"), min_tokens_to_keep=1):
        super().__init__()
        if not (0 <= min_p <= 1.0):
            raise ValueError(f"`min_p` has to be a float in the [0, 1] interval, but is {min_p}")
        self.min_p = min_p
        self.filter_value = filter_value
        self.min_tokens_to_keep = min_tokens_to_keep

    def forward(self, input_ids, scores):
        probs = torch.softmax(scores, dim=-1)
        top_probs, _ = probs.max(dim=-1, keepdim=True)
        scaled_min_p = self.min_p * top_probs
        tokens_to_remove = probs < scaled_min_p
        sorted_indices = torch.argsort(scores, descending=True, dim=-1)
        sorted_indices_to_remove = torch.gather(tokens_to_remove, dim=-1, index=sorted_indices)
        sorted_indices_to_remove[..., : self.min_tokens_to_keep] = False
        indices_to_remove = sorted_indices_to_remove.scatter(1, sorted_indices, sorted_indices_to_remove)
        return scores.masked_fill(indices_to_remove, self.filter_value)


def example():
    return MinPLogitsWarper(), (torch.randint(0, 16, (2, 3)), torch.randn(2, 16))
