"""The rope index walked over the image grid sizes given as a Python list of (t, h, w) triples; the token ids
only feed tensor arithmetic."""
import torch
from torch import nn

from b17_hf_utils import Config


class RopeIndexer(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.image_token_id = config.image_token_id

    def get_rope_index(self, input_ids, image_grid_thw):
        position_ids = torch.arange(input_ids.shape[-1]).expand(3, -1)
        offset = 0
        for t, h, w in image_grid_thw:
            offset += t * h * w // 4
        is_image = (input_ids == self.image_token_id).long()
        return position_ids + offset * is_image

    def forward(self, input_ids, hidden_states, image_grid_thw=((1, 2, 2), (1, 4, 2))):
        return hidden_states + self.get_rope_index(input_ids[0], image_grid_thw).sum(0).unsqueeze(-1)


def example():
    return RopeIndexer(), (torch.tensor([[1, 14, 15, 15, 3]]), torch.randn(1, 5, 8))
