"""A descriptor that reads a Python value from the config (`ConfigAttribute`), and the temperature kept as a
tensor with `clamp`."""
import torch
from torch import nn

from b15_hf_utils import Config


class ConfigAttribute:
    def __init__(self, name):
        self.name = name

    def __get__(self, instance, owner):
        if instance is None:
            return self
        return getattr(instance.config, self.name)


class ContrastiveHead(nn.Module):
    eps = ConfigAttribute("layer_norm_eps")

    def __init__(self, config=Config()):
        super().__init__()
        self.config = config
        self.logit_scale = nn.Parameter(torch.tensor(2.6592))
        self.text_proj = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, text_embeds, image_embeds):
        text_embeds = self.text_proj(text_embeds)
        text_embeds = text_embeds / (text_embeds.norm(dim=-1, keepdim=True) + self.eps)
        return text_embeds @ image_embeds.t() * self.logit_scale.exp().clamp(max=100.0)


def example():
    return ContrastiveHead(), (torch.randn(2, 8), torch.randn(3, 8))
