"""A model created with `pretrained=True`: the library's checkpoint filter reads values and prints while loading,
outside compiled code; forward adds the position embedding and pools."""
import torch
from torch import nn

from b12_quiet_timm_registry import ClassifierBase, create_model, get_norm_layer, register_model


class TinyViT(ClassifierBase):
    def __init__(self, dim=8, num_tokens=4, num_classes=3):
        super().__init__()
        self.pos_embed = nn.Parameter(torch.randn(1, num_tokens, dim) * 0.02)
        self.blocks = nn.Sequential(nn.Linear(dim, dim), nn.GELU())
        self.norm = get_norm_layer("layernorm")(dim)
        self.head = nn.Linear(dim, num_classes)

    def forward_features(self, x):
        return self.norm(self.blocks(x + self.pos_embed))


@register_model
def tiny_vit(**kwargs):
    return TinyViT(**kwargs)


def example():
    return create_model("tiny_vit", pretrained=True), (torch.randn(2, 4, 8),)
