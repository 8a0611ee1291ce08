"""Tiled VAE decoding: the latent is cut into overlapping tiles with Python loops over `range(0, h, stride)`
(h from the shape), each tile decoded, and neighbouring tiles cross-faded with linear blends whose lengths are
builtin `min` over shape numbers."""
import torch
from torch import nn


class TiledDecoder(nn.Module):
    def __init__(self, tile_latent=4, overlap=0.25, scale=2):
        super().__init__()
        self.decoder = nn.Sequential(nn.Conv2d(2, 3, 3, padding=1), nn.Upsample(scale_factor=scale))
        self.tile_latent = tile_latent
        self.scale = scale
        self.overlap = overlap
        self.use_tiling = True

    def blend_v(self, a, b, blend_extent):
        blend_extent = min(a.shape[2], b.shape[2], blend_extent)
        for y in range(blend_extent):
            b[:, :, y, :] = a[:, :, -blend_extent + y, :] * (1 - y / blend_extent) + b[:, :, y, :] * (y / blend_extent)
        return b

    def blend_h(self, a, b, blend_extent):
        blend_extent = min(a.shape[3], b.shape[3], blend_extent)
        for x in range(blend_extent):
            b[:, :, :, x] = a[:, :, :, -blend_extent + x] * (1 - x / blend_extent) + b[:, :, :, x] * (x / blend_extent)
        return b

    def tiled_decode(self, z):
        stride = int(self.tile_latent * (1 - self.overlap))
        blend_extent = int(self.tile_latent * self.scale * self.overlap)
        row_limit = self.tile_latent * self.scale - blend_extent
        rows = []
        for i in range(0, z.shape[2], stride):
            row = [self.decoder(z[:, :, i:i + self.tile_latent, j:j + self.tile_latent])
                   for j in range(0, z.shape[3], stride)]
            rows.append(row)
        result_rows = []
        for i, row in enumerate(rows):
            result_row = []
            for j, tile in enumerate(row):
                if i > 0:
                    tile = self.blend_v(rows[i - 1][j], tile, blend_extent)
                if j > 0:
                    tile = self.blend_h(row[j - 1], tile, blend_extent)
                result_row.append(tile[:, :, :row_limit, :row_limit])
            result_rows.append(torch.cat(result_row, dim=3))
        return torch.cat(result_rows, dim=2)

    def forward(self, z):
        if self.use_tiling and (z.shape[-1] > self.tile_latent or z.shape[-2] > self.tile_latent):
            return self.tiled_decode(z)
        return self.decoder(z)


def example():
    return TiledDecoder(), (torch.randn(1, 2, 6, 6),)
