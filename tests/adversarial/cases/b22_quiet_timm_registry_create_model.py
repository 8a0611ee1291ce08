"""A timm-style model registry: `@register_model` entrypoints in a dict, `create_model` splitting a
`name.pretrained_tag`, `functools.partial` default configs and a `build_model_with_cfg` that filters kwargs; the
built model's forward uses only shapes and Python flags."""
import functools

import torch
from torch import nn

_model_entrypoints = {}
_model_default_cfgs = {}


def register_model(fn):
    _model_entrypoints[fn.__name__] = fn
    return fn


def _cfg(url="", **kwargs):
    return {"url": url, "num_classes": 5, "input_size": (3, 8, 8), **kwargs}


class Net(nn.Module):
    def __init__(self, num_classes=5, width=4, global_pool="avg", drop_rate=0.0):
        super().__init__()
        self.stem = nn.Conv2d(3, width, 3, padding=1)
        self.global_pool = global_pool
        self.drop_rate = drop_rate
        self.head = nn.Linear(width, num_classes) if num_classes > 0 else nn.Identity()

    def forward(self, x):
        x = self.stem(x)
        x = x.mean((2, 3)) if self.global_pool == "avg" else x.amax((2, 3))
        if self.drop_rate > 0.0:
            x = nn.functional.dropout(x, p=self.drop_rate, training=self.training)
        return self.head(x)


def build_model_with_cfg(model_cls, variant, pretrained, **kwargs):
    kwargs = {k: v for k, v in kwargs.items() if v is not None}
    model = model_cls(**kwargs)
    model.pretrained_cfg = _model_default_cfgs.get(variant, _cfg())
    return model


@register_model
def net_small(pretrained=False, **kwargs):
    return build_model_with_cfg(Net, "net_small", pretrained, **dict(dict(width=4), **kwargs))


_model_default_cfgs["net_small"] = functools.partial(_cfg, crop_pct=0.9)()


def create_model(model_name, pretrained=False, **kwargs):
    model_name, _, pretrained_tag = model_name.partition(".")
    create_fn = _model_entrypoints[model_name]
    return create_fn(pretrained=pretrained, **kwargs)


def example():
    return create_model("net_small.in1k", global_pool="max", drop_rate=None), (torch.randn(2, 3, 8, 8),)
