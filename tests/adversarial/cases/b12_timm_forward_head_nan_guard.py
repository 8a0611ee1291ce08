"""A classifier on the library's base (forward = forward_head(forward_features(x))) overrides `forward_head` to
scrub non-finite features, tested with `.any()` first."""
import torch
from torch import nn

from b12_quiet_timm_registry import ClassifierBase, get_norm_layer


class PatchClassifier(ClassifierBase):
    global_pool = "token"

    def __init__(self, dim=8, num_classes=3):
        super().__init__()
        self.embed = nn.Linear(dim, dim)
        self.norm = get_norm_layer("layernorm")(dim)
        self.head = nn.Linear(dim, num_classes)

    def forward_features(self, x):
        return self.norm(self.embed(x))

    def forward_head(self, x, pre_logits=False):
        if not torch.isfinite(x).all():  # expect: CL101
            x = torch.nan_to_num(x)
        return super().forward_head(x, pre_logits=pre_logits)


def example():
    return PatchClassifier(), (torch.randn(2, 5, 8),)
