"""A UNet's added conditioning reads a kwargs dict: membership tests (`"image_embeds" not in added_cond_kwargs`),
`.get()` with a default and a config string choose the path; only dict and string tests, no tensor in Python."""
import torch
from torch import nn


class UNetConfig:
    addition_embed_type = "text_image"


class AddedCondUNet(nn.Module):
    def __init__(self, config=UNetConfig()):
        super().__init__()
        self.config = config
        self.image_proj = nn.Linear(4, 8)
        self.text_proj = nn.Linear(4, 8)

    def get_aug_embed(self, added_cond_kwargs):
        if self.config.addition_embed_type == "text_image":
            if "image_embeds" not in added_cond_kwargs:
                raise ValueError("`image_embeds` is required for addition_embed_type 'text_image'")
            image_embs = added_cond_kwargs.get("image_embeds")
            text_embs = added_cond_kwargs.get("text_embeds", torch.zeros_like(image_embs))
            return self.image_proj(image_embs) + self.text_proj(text_embs)
        return None

    def forward(self, sample, added_cond_kwargs):
        aug_emb = self.get_aug_embed(added_cond_kwargs)
        return sample if aug_emb is None else sample + aug_emb


def example():
    return AddedCondUNet(), (torch.randn(2, 8), {"image_embeds": torch.randn(2, 4)})
