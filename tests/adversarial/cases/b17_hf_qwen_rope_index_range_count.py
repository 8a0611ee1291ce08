"""A Qwen2-VL-style rope index: count the vision segments in the prompt and walk them one by one."""
import torch
from torch import nn

from b17_hf_utils import Config


class RopeIndexer(nn.Module):
    def __init__(self, config=Config(), vision_start_token_id=14):
        super().__init__()
        self.image_token_id = config.image_token_id
        self.vision_start_token_id = vision_start_token_id

    def get_rope_index(self, input_ids):
        position_ids = torch.arange(input_ids.shape[-1]).expand(3, -1)
        vision_tokens = input_ids[1:]
        image_nums = (vision_tokens == self.image_token_id).sum()
        offset = 0
        for _ in range(image_nums):  # expect: CL114
            offset = offset + 1
        return position_ids + offset

    def forward(self, input_ids, hidden_states):
        return hidden_states + self.get_rope_index(input_ids[0]).sum(0).unsqueeze(-1)


def example():
    return RopeIndexer(), (torch.tensor([[1, 14, 15, 15, 3]]), torch.randn(1, 5, 8))
