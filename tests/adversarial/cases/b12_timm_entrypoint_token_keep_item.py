"""A model registered with the library's `register_model` and built by `create_model`; a block keeps the tokens
scoring above a threshold and reads how many with `.item()`."""
import torch
from torch import nn

from b12_quiet_timm_registry import ClassifierBase, create_model, register_model


class TokenPruneBlock(nn.Module):
    def __init__(self, dim, threshold=0.0):
        super().__init__()
        self.score = nn.Linear(dim, 1)
        self.threshold = threshold

    def _num_keep(self, scores):
        return max(1, (scores > self.threshold).sum(dim=1).max().item())  # expect: CL111

    def forward(self, x):
        scores = self.score(x).squeeze(-1)
        keep = self._num_keep(scores)
        idx = scores.topk(keep, dim=1).indices
        return torch.gather(x, 1, idx[..., None].expand(-1, -1, x.shape[-1]))


class PrunedViT(ClassifierBase):
    def __init__(self, dim=8, num_classes=3):
        super().__init__()
        self.block = TokenPruneBlock(dim)
        self.head = nn.Linear(dim, num_classes)

    def forward_features(self, x):
        return self.block(x)


@register_model
def pruned_vit_tiny(**kwargs):
    return PrunedViT(**kwargs)


def example():
    return create_model("pruned_vit_tiny"), (torch.randn(2, 6, 8),)
