"""A model from the registry scales cosine logits with `math.exp` of a learned parameter."""
import math

import torch
import torch.nn.functional as F
from torch import nn

from b13_quiet_timm_layers import ClassifierBase, create_model, register_model


class CosineHead(ClassifierBase):
    def __init__(self, dim=8, num_classes=3):
        super().__init__(dim, num_classes)
        self.logit_scale = nn.Parameter(torch.tensor(math.log(10.0)))

    def forward_head(self, x, pre_logits=False):
        x = F.normalize(x.mean(1), dim=-1)
        weight = F.normalize(self.head.weight, dim=-1)
        return math.exp(self.logit_scale) * x @ weight.t()  # expect: CL113


@register_model
def cosine_tiny(**kwargs):
    return CosineHead(**kwargs)


def example():
    return create_model("cosine_tiny"), (torch.randn(2, 4, 8),)
