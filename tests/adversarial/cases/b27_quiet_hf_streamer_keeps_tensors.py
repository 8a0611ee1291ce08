"""The streamer's twin: `put` appends the id tensor itself to its Python list (list mutation compiles: no break,
though the growing list recompiles, CL203); decoding happens later, outside the model."""
import torch
from torch import nn


class TokenStreamer:
    def __init__(self):
        self.token_cache = []

    def put(self, value):
        self.token_cache.append(value.detach())  # expect: CL203

    def flush(self):
        ids = torch.cat(self.token_cache).tolist()
        self.token_cache = []
        return ids


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
