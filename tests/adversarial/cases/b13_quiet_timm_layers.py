"""An image-model library's layers file: `register_model` / `create_model`, drop path (a no-op unless
training with a rate), LayerScale, an activation lookup by name, a fused-attention switch read from the
environment, and a classifier base whose forward is `forward_head(forward_features(x))`. The other b13
image-model cases import it."""
import os

import torch
from torch import nn

_model_entrypoints = {}
_ACT_LAYERS = {"gelu": nn.GELU, "relu": nn.ReLU, "silu": nn.SiLU}


def register_model(fn):
    _model_entrypoints[fn.__name__] = fn
    return fn


def create_model(name, **kwargs):
    return _model_entrypoints[name](**kwargs)


def get_act_layer(name):
    return _ACT_LAYERS[name]


def use_fused_attn():
    return os.environ.get("B13_FUSED_ATTN", "1") != "0"


def drop_path(x, drop_prob: float = 0.0, training: bool = False):
    if drop_prob == 0.0 or not training:
        return x
    keep_prob = 1 - drop_prob
    shape = (x.shape[0],) + (1,) * (x.ndim - 1)
    random_tensor = x.new_empty(shape).bernoulli_(keep_prob)
    return x * random_tensor / keep_prob


class DropPath(nn.Module):
    def __init__(self, drop_prob=0.0):
        super().__init__()
        self.drop_prob = drop_prob

    def forward(self, x):
        return drop_path(x, self.drop_prob, self.training)


class LayerScale(nn.Module):
    def __init__(self, dim, init_values=1e-5, inplace=False):
        super().__init__()
        self.inplace = inplace
        self.gamma = nn.Parameter(init_values * torch.ones(dim))

    def forward(self, x):
        return x.mul_(self.gamma) if self.inplace else x * self.gamma


class ClassifierBase(nn.Module):
    def __init__(self, dim=8, num_classes=3):
        super().__init__()
        self.num_classes = num_classes
        self.head = nn.Linear(dim, num_classes) if num_classes > 0 else nn.Identity()

    def forward_features(self, x):
        return x

    def forward_head(self, x, pre_logits: bool = False):
        x = x.mean(1)
        return x if pre_logits else self.head(x)

    def forward(self, x):
        return self.forward_head(self.forward_features(x))


@register_model
def tiny_base(**kwargs):
    return ClassifierBase(**kwargs)


def example():
    return create_model("tiny_base"), (torch.randn(2, 4, 8),)
