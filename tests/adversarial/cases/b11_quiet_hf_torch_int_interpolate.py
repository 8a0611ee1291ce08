"""ViT-style `interpolate_pos_encoding` using the utils' `torch_int`: on shape-derived ints it is `int()` of
an int, and while compiling a tensor would stay a tensor; the grid is resized with `F.interpolate`."""
import torch
import torch.nn.functional as F
from torch import nn

from b11_quiet_hf_utils import is_torchdynamo_compiling, torch_int


class ViTEmbeddings(nn.Module):
    def __init__(self, dim=8, patch_size=4, image_size=16):
        super().__init__()
        self.patch_size = patch_size
        self.cls_token = nn.Parameter(torch.randn(1, 1, dim))
        num_patches = (image_size // patch_size) ** 2
        self.position_embeddings = nn.Parameter(torch.randn(1, num_patches + 1, dim))
        self.projection = nn.Conv2d(3, dim, patch_size, stride=patch_size)

    def interpolate_pos_encoding(self, embeddings, height, width):
        num_patches = embeddings.shape[1] - 1
        num_positions = self.position_embeddings.shape[1] - 1
        if not is_torchdynamo_compiling() and num_patches == num_positions and height == width:
            return self.position_embeddings
        class_pos_embed = self.position_embeddings[:, :1]
        patch_pos_embed = self.position_embeddings[:, 1:]
        dim = embeddings.shape[-1]
        new_height = height // self.patch_size
        new_width = width // self.patch_size
        sqrt_num_positions = torch_int(num_positions ** 0.5)
        patch_pos_embed = patch_pos_embed.reshape(1, sqrt_num_positions, sqrt_num_positions, dim).permute(0, 3, 1, 2)
        patch_pos_embed = F.interpolate(patch_pos_embed, size=(new_height, new_width), mode="bicubic",
                                        align_corners=False)
        patch_pos_embed = patch_pos_embed.permute(0, 2, 3, 1).view(1, -1, dim)
        return torch.cat((class_pos_embed, patch_pos_embed), dim=1)

    def forward(self, pixel_values, interpolate_pos_encoding=True):
        batch_size, _, height, width = pixel_values.shape
        embeddings = self.projection(pixel_values).flatten(2).transpose(1, 2)
        embeddings = torch.cat((self.cls_token.expand(batch_size, -1, -1), embeddings), dim=1)
        if interpolate_pos_encoding:
            return embeddings + self.interpolate_pos_encoding(embeddings, height, width)
        return embeddings + self.position_embeddings


def example():
    return ViTEmbeddings(), (torch.randn(2, 3, 20, 24),)
