"""Tiled VAE decoding: the latent is cut into overlapping tiles in Python loops over `range(0, size, stride)`, each
tile decoded, and neighbours blended row by row (`blend_v`/`blend_h` writing slices in loops over the overlap)."""
import torch
from torch import nn


class TiledDecoder(nn.Module):
    def __init__(self, tile_latent_min_size=4, tile_overlap_factor=0.25):
        super().__init__()
        self.decoder = nn.Conv2d(4, 3, 3, padding=1)
        self.tile_latent_min_size = tile_latent_min_size
        self.tile_overlap_factor = tile_overlap_factor

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

    def forward(self, z):
        overlap_size = int(self.tile_latent_min_size * (1 - self.tile_overlap_factor))
        blend_extent = 1
        row_limit = overlap_size
        rows = []
        for i in range(0, z.shape[2], overlap_size):
            row = []
            for j in range(0, z.shape[3], overlap_size):
                tile = z[:, :, i: i + self.tile_latent_min_size, j: j + self.tile_latent_min_size]
                row.append(self.decoder(tile))
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


def example():
    return TiledDecoder(), (torch.randn(1, 4, 6, 6),)
