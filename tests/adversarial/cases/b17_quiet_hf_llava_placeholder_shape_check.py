"""The LLaVA-style merge with the placeholder check done on shapes: the number of image features must match the
configured tokens per image, all Python ints."""
import torch
from torch import nn

from b17_hf_utils import Config


class LlavaLikeModel(nn.Module):
    def __init__(self, config=Config(), tokens_per_image=2):
        super().__init__()
        self.config = config
        self.tokens_per_image = tokens_per_image
        self.embed_tokens = nn.Embedding(config.vocab_size, config.hidden_size)
        self.projector = nn.Linear(6, config.hidden_size)

    def forward(self, input_ids, pixel_features):
        inputs_embeds = self.embed_tokens(input_ids)
        image_features = self.projector(pixel_features)
        if image_features.shape[0] != self.tokens_per_image * input_ids.shape[0]:
            raise ValueError(f"expected {self.tokens_per_image} features per image, got {image_features.shape}")
        special_image_mask = (input_ids == self.config.image_token_id).unsqueeze(-1).expand_as(inputs_embeds)
        return inputs_embeds.masked_scatter(special_image_mask, image_features)


def example():
    return LlavaLikeModel(), (torch.tensor([[1, 15, 15, 4]]), torch.randn(2, 6))
