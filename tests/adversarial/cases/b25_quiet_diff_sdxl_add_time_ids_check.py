"""An SDXL-style UNet wrapper builds its micro-conditioning ids from Python size tuples, checks the embedding width
they imply against the config (Python arithmetic) and only then makes the tensor."""
import torch
from torch import nn


class SDXLConfig:
    addition_time_embed_dim = 2
    projection_class_embeddings_input_dim = 16
    text_encoder_projection_dim = 4


class AddedCondUNet(nn.Module):
    def __init__(self, config=SDXLConfig(), original_size=(8, 8), crops=(0, 0), target_size=(8, 8)):
        super().__init__()
        self.config = config
        self.sizes = (original_size, crops, target_size)
        self.add_embedding = nn.Linear(config.projection_class_embeddings_input_dim, 8)

    def _get_add_time_ids(self, dtype):
        original_size, crops, target_size = self.sizes
        add_time_ids = list(original_size + crops + target_size)
        passed = self.config.addition_time_embed_dim * len(add_time_ids) + self.config.text_encoder_projection_dim
        if passed != self.config.projection_class_embeddings_input_dim:
            raise ValueError(f"Model expects {self.config.projection_class_embeddings_input_dim}, got {passed}.")
        return torch.tensor([add_time_ids], dtype=dtype)

    def forward(self, text_embeds):
        time_ids = self._get_add_time_ids(text_embeds.dtype).repeat(text_embeds.shape[0], 1)
        time_embeds = time_ids.repeat_interleave(self.config.addition_time_embed_dim, dim=-1)
        return self.add_embedding(torch.cat([text_embeds, time_embeds], dim=-1))


def example():
    return AddedCondUNet(), (torch.randn(2, 4),)
