"""get_head_mask from a utilities mixin: None becomes a list of Nones, a given mask is broadcast to five
dims by its `.dim()`. Every branch is on None, a Python bool or a rank; the layers index the list by their
Python position."""
import torch
from torch import nn


class ModuleUtilsMixin:
    def get_head_mask(self, head_mask, num_hidden_layers, is_attention_chunked=False):
        if head_mask is not None:
            head_mask = self._convert_head_mask_to_5d(head_mask, num_hidden_layers)
            if is_attention_chunked is True:
                head_mask = head_mask.unsqueeze(-1)
        else:
            head_mask = [None] * num_hidden_layers
        return head_mask

    def _convert_head_mask_to_5d(self, head_mask, num_hidden_layers):
        if head_mask.dim() == 1:
            head_mask = head_mask.unsqueeze(0).unsqueeze(0).unsqueeze(-1).unsqueeze(-1)
            head_mask = head_mask.expand(num_hidden_layers, -1, -1, -1, -1)
        elif head_mask.dim() == 2:
            head_mask = head_mask.unsqueeze(1).unsqueeze(-1).unsqueeze(-1)
        assert head_mask.dim() == 5, f"head_mask.dim != 5, instead {head_mask.dim()}"
        return head_mask.to(dtype=self.dtype)

    @property
    def dtype(self):
        return next(self.parameters()).dtype


class Layer(nn.Module):
    def __init__(self, dim=4, heads=2):
        super().__init__()
        self.heads = heads
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, layer_head_mask=None):
        b, s, d = x.shape
        y = self.proj(x).view(b, s, self.heads, d // self.heads)
        if layer_head_mask is not None:
            y = y * layer_head_mask.view(1, 1, self.heads, 1)
        return y.reshape(b, s, d)


class Encoder(nn.Module, ModuleUtilsMixin):
    def __init__(self, layers=2):
        super().__init__()
        self.layers = nn.ModuleList(Layer() for _ in range(layers))

    def forward(self, x, head_mask=None):
        head_mask = self.get_head_mask(head_mask, len(self.layers))
        for i, layer in enumerate(self.layers):
            mask = head_mask[i] if head_mask[i] is None else head_mask[i].flatten()
            x = layer(x, mask)
        return x


def example():
    return Encoder(), (torch.randn(1, 3, 4), torch.tensor([[1.0, 0.0], [0.5, 1.0]]))
