"""A vision-language merge: image features are scattered into the text embeddings at the positions of the
image token, found with one-argument `torch.where` (data-dependent output size)."""
import torch
from torch import nn


class Config:
    vocab_size = 20
    hidden_size = 4
    image_token_id = 7


class Merger(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.config = config
        self.embed_tokens = nn.Embedding(config.vocab_size, config.hidden_size)

    def forward(self, input_ids, image_features):
        inputs_embeds = self.embed_tokens(input_ids)
        batch_idx, pos_idx = torch.where(input_ids == self.config.image_token_id)  # expect: CL121
        inputs_embeds = inputs_embeds.clone()
        inputs_embeds[batch_idx, pos_idx] = image_features.reshape(-1, inputs_embeds.shape[-1])
        return inputs_embeds


def example():
    ids = torch.tensor([[1, 7, 7, 3], [7, 2, 7, 4]])
    return Merger(), (ids, torch.randn(4, 4))
