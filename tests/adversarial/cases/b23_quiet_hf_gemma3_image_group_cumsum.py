"""A vision-language model's bidirectional attention inside each image: image tokens are grouped by a cumsum over
`is_image & ~is_previous_image`, non-image positions get group -1 by `torch.where`, and the mask ors in
same-group pairs."""
import torch
import torch.nn.functional as F
from torch import nn


class ImageGroupMask(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, hidden, token_type_ids):
        seq_len = token_type_ids.shape[1]
        is_image = token_type_ids == 1
        is_previous_image = F.pad(is_image, (1, 0), value=False)[:, :-1]
        new_image_start = is_image & ~is_previous_image
        image_group_ids = torch.cumsum(new_image_start.int(), dim=1) - 1
        image_group_ids = torch.where(is_image, image_group_ids, -1)
        causal = torch.ones(seq_len, seq_len, dtype=torch.bool).tril()
        same_image = (image_group_ids[:, :, None] == image_group_ids[:, None, :]) & is_image[:, :, None]
        mask = causal[None] | same_image
        scores = self.proj(hidden) @ hidden.transpose(-1, -2)
        return scores.masked_fill(~mask, float("-inf")).softmax(-1)


def example():
    return ImageGroupMask(), (torch.randn(2, 6, 8), torch.tensor([[0, 1, 1, 0, 1, 0], [1, 1, 0, 0, 0, 0]]))
