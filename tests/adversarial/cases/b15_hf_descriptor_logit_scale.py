"""A contrastive head exposes its temperature through a small descriptor class (`ClampedFloat`) whose
`__get__` reads a parameter and hands Python a float."""
import torch
from torch import nn

from b15_hf_utils import Config


class ClampedFloat:
    def __init__(self, name, max_value):
        self.name, self.max_value = name, max_value

    def __get__(self, instance, owner):
        if instance is None:
            return self
        return min(float(getattr(instance, self.name).exp()), self.max_value)  # known-miss: CL111


class ContrastiveHead(nn.Module):
    logit_scale_value = ClampedFloat("logit_scale", 100.0)

    def __init__(self, config=Config()):
        super().__init__()
        self.logit_scale = nn.Parameter(torch.tensor(2.6592))
        self.text_proj = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, text_embeds, image_embeds):
        text_embeds = self.text_proj(text_embeds)
        return text_embeds @ image_embeds.t() * self.logit_scale_value


def example():
    return ContrastiveHead(), (torch.randn(2, 8), torch.randn(3, 8))
