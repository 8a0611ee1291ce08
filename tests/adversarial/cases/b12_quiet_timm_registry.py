"""An image-model library's plumbing in its own file: `register_model` / `create_model` entrypoints, a
pretrained loader with a checkpoint filter (reads values, prints; never compiled), norm and activation layer
lookups by name, `checkpoint_seq`, an environment-read fused-attention switch, and a classifier base whose
forward is `forward_head(forward_features(x))`. The other b12 image-model cases import it."""
import math
import os
from functools import partial

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

_model_entrypoints = {}
_NORM_LAYERS = {"layernorm": nn.LayerNorm, "batchnorm2d": nn.BatchNorm2d, "groupnorm1": partial(nn.GroupNorm, 1)}
_ACT_LAYERS = {"gelu": nn.GELU, "relu": nn.ReLU, "silu": nn.SiLU, "identity": nn.Identity}


def register_model(fn):
    _model_entrypoints[fn.__name__] = fn
    return fn


def create_model(name, pretrained=False, **kwargs):
    model = _model_entrypoints[name](**kwargs)
    if pretrained:
        load_pretrained(model, model.state_dict())
    return model


def checkpoint_filter_fn(state_dict, model):
    out = {}
    for k, v in state_dict.items():
        if k.endswith("pos_embed") and v.shape != model.pos_embed.shape:
            grid = int(math.sqrt(v.shape[1]))
            print(f"resizing {k} from grid {grid}, mean {v.mean().item():.3f}")
        out[k] = v
    return out


def load_pretrained(model, state_dict):
    model.load_state_dict(checkpoint_filter_fn(state_dict, model))


def get_norm_layer(name):
    return _NORM_LAYERS[name]


def get_act_layer(name):
    return _ACT_LAYERS[name]


def use_fused_attn():
    return os.environ.get("TIMM_FUSED_ATTN", "1") != "0"


def checkpoint_seq(functions, x):
    for fn in functions:
        x = checkpoint(fn, x, use_reentrant=False)
    return x


class ClassifierBase(nn.Module):
    global_pool = "avg"
    grad_checkpointing = False

    def forward_features(self, x):
        raise NotImplementedError

    def forward_head(self, x, pre_logits=False):
        if self.global_pool == "avg":
            x = x.mean(dim=1)
        elif self.global_pool == "token":
            x = x[:, 0]
        return x if pre_logits else self.head(x)

    def forward(self, x):
        return self.forward_head(self.forward_features(x))


class _TinyNet(ClassifierBase):
    def __init__(self, dim=8, norm_layer="layernorm", act_layer="gelu"):
        super().__init__()
        self.pos_embed = nn.Parameter(torch.zeros(1, 4, dim))
        self.blocks = nn.Sequential(nn.Linear(dim, dim), get_act_layer(act_layer)(), nn.Linear(dim, dim))
        self.norm = get_norm_layer(norm_layer)(dim)
        self.head = nn.Linear(dim, 3)

    def forward_features(self, x):
        x = x + self.pos_embed
        x = checkpoint_seq(self.blocks, x) if self.grad_checkpointing else self.blocks(x)
        return self.norm(x)


@register_model
def tiny_net(**kwargs):
    return _TinyNet(**kwargs)


def example():
    return create_model("tiny_net", pretrained=True), (torch.randn(2, 4, 8),)
