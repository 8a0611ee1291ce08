"""A video VAE decodes its latents frame chunk by frame chunk and frees the allocator cache between chunks with
`torch.cuda.empty_cache()` (a no-op without CUDA, but still a call into the runtime)."""
import torch
from torch import nn


class ChunkedVideoDecoder(nn.Module):
    def __init__(self, decode_chunk_size=2):
        super().__init__()
        self.decoder = nn.Conv2d(4, 3, 1)
        self.decode_chunk_size = decode_chunk_size

    def forward(self, latents):
        frames = []
        for i in range(0, latents.shape[0], self.decode_chunk_size):
            frames.append(self.decoder(latents[i: i + self.decode_chunk_size]))
            torch.cuda.empty_cache()
        return torch.cat(frames)


def example():
    return ChunkedVideoDecoder(), (torch.randn(4, 4, 4, 4),)
