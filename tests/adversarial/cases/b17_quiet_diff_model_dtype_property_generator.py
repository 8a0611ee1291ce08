"""A model mixin's `dtype` property: the first floating-point parameter's dtype, read from a generator with a
StopIteration fallback; forward casts the time embedding to it."""
import torch
from torch import nn


def get_parameter_dtype(module):
    try:
        params = tuple(module.parameters())
        if len(params) > 0:
            for param in params:
                if param.is_floating_point():
                    return param.dtype
        return next(module.buffers()).dtype
    except StopIteration:
        return torch.float32


class ModelMixin(nn.Module):
    @property
    def dtype(self):
        return get_parameter_dtype(self)


class TimeEmbedding(ModelMixin):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, t_emb):
        return self.lin(t_emb.to(dtype=self.dtype))


def example():
    return TimeEmbedding(), (torch.randn(2, 4, dtype=torch.float64),)
