"""A decoder step hands each new token to a streamer object kept on the model (as `generate(streamer=...)` does);
the streamer's `put` extends its Python buffer with the ids as a list."""
import torch
from torch import nn


class TokenStreamer:
    def __init__(self):
        self.token_cache = []

    def put(self, value):
        self.token_cache.extend(value.tolist())  # expect: CL112, CL203


class DecoderStep(nn.Module):
    def __init__(self, dim=4, vocab=6):
        super().__init__()
        self.lm_head = nn.Linear(dim, vocab)
        self.streamer = TokenStreamer()

    def forward(self, hidden):
        next_tokens = self.lm_head(hidden[:, -1]).argmax(-1)
        self.streamer.put(next_tokens)
        return next_tokens


def example():
    return DecoderStep(), (torch.randn(2, 3, 4),)
