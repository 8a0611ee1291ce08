"""A LLaVA-style model merges projected image features into the text embeddings at the image-token positions;
the placeholder check comes from a mixin in the utils file."""
import torch
from torch import nn

from b17_hf_utils import Config, PlaceholderMixin


class LlavaLikeModel(PlaceholderMixin, nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.config = config
        self.embed_tokens = nn.Embedding(config.vocab_size, config.hidden_size)
        self.projector = nn.Linear(6, config.hidden_size)

    def forward(self, input_ids, pixel_features):
        inputs_embeds = self.embed_tokens(input_ids)
        image_features = self.projector(pixel_features)
        mask = self.get_placeholder_mask(input_ids, inputs_embeds, image_features)
        return inputs_embeds.masked_scatter(mask, image_features.to(inputs_embeds.dtype))


def example():
    ids = torch.tensor([[1, 15, 15, 4]])
    return LlavaLikeModel(), (ids, torch.randn(2, 6))
