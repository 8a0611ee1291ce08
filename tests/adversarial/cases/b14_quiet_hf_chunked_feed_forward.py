"""Feed-forward through the utils' `apply_chunking_to_forward`: the number of chunks comes from the shape and
the config, the chunks are zipped and concatenated."""
import torch
from torch import nn

from b14_hf_utils import Config, apply_chunking_to_forward


class ChunkedFeedForward(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.chunk_size_feed_forward = config.chunk_size_feed_forward
        self.seq_len_dim = 1
        self.dense = nn.Linear(config.hidden_size, config.hidden_size)

    def feed_forward_chunk(self, attention_output):
        return torch.relu(self.dense(attention_output))

    def forward(self, attention_output):
        return apply_chunking_to_forward(self.feed_forward_chunk, self.chunk_size_feed_forward, self.seq_len_dim,
                                         attention_output)


def example():
    return ChunkedFeedForward(), (torch.randn(1, 4, 8),)
