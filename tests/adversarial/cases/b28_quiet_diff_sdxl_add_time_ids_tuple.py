"""An SDXL-style UNet wrapper builds its micro-conditioning ids from Python size tuples
(`list(original_size + crops_coords_top_left + target_size)`), checks the embedding width against the
projection's `in_features`, and makes the tensor with `torch.tensor([add_time_ids])` (compiles)."""
import torch
from torch import nn


class SDXLConditioning(nn.Module):
    def __init__(self, addition_time_embed_dim=2, text_proj_dim=4):
        super().__init__()
        self.addition_time_embed_dim = addition_time_embed_dim
        self.add_embedding = nn.Linear(addition_time_embed_dim * 6 + text_proj_dim, 4)
        self.text_proj_dim = text_proj_dim

    def _get_add_time_ids(self, original_size, crops_coords_top_left, target_size, dtype):
        add_time_ids = list(original_size + crops_coords_top_left + target_size)
        passed_add_embed_dim = self.addition_time_embed_dim * len(add_time_ids) + self.text_proj_dim
        expected_add_embed_dim = self.add_embedding.in_features
        if expected_add_embed_dim != passed_add_embed_dim:
            raise ValueError(f"Model expects {expected_add_embed_dim} but got {passed_add_embed_dim}.")
        return torch.tensor([add_time_ids], dtype=dtype)

    def forward(self, pooled_prompt_embeds, original_size=(64, 64), crops=(0, 0), target_size=(64, 64)):
        add_time_ids = self._get_add_time_ids(original_size, crops, target_size, pooled_prompt_embeds.dtype)
        time_embeds = add_time_ids.repeat_interleave(self.addition_time_embed_dim, dim=1) / 64.0
        time_embeds = time_embeds.expand(pooled_prompt_embeds.shape[0], -1)
        return self.add_embedding(torch.cat([time_embeds, pooled_prompt_embeds], dim=-1))


def example():
    return SDXLConditioning(), (torch.randn(2, 4),)
