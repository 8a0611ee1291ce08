"""The same IP-Adapter mask downsampling given a mask whose aspect ratio divides the query count exactly: the
warning and the padding sit behind Python tests on sizes that are false, so neither is traced."""
import math
import warnings

import torch
import torch.nn.functional as F
from torch import nn


class IPAdapterMaskProcessor:
    @staticmethod
    def downsample(mask, batch_size, num_queries, value_embed_dim):
        o_h, o_w = mask.shape[1], mask.shape[2]
        ratio = o_w / o_h
        mask_h = int(math.sqrt(num_queries / ratio))
        mask_h = int(mask_h) + int((num_queries % int(mask_h)) != 0)
        mask_w = num_queries // mask_h
        mask_downsample = F.interpolate(mask.unsqueeze(0), size=(mask_h, mask_w), mode="bicubic").squeeze(0)
        if mask_downsample.shape[0] < batch_size:
            mask_downsample = mask_downsample.repeat(batch_size, 1, 1)
        mask_downsample = mask_downsample.view(mask_downsample.shape[0], -1)
        downsampled_area = mask_h * mask_w
        if downsampled_area < num_queries:
            warnings.warn("The aspect ratio of the mask does not match the aspect ratio of the output image.", UserWarning)  # known-fp: CL131
            mask_downsample = F.pad(mask_downsample, (0, num_queries - mask_downsample.shape[1]), value=0.0)
        if downsampled_area > num_queries:
            mask_downsample = mask_downsample[:, :num_queries]
        return mask_downsample.view(mask_downsample.shape[0], mask_downsample.shape[1], 1).repeat(1, 1, value_embed_dim)


class IPAdapterAttn(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.to_k_ip = nn.Linear(dim, dim)

    def forward(self, hidden_states, ip_hidden_states, ip_mask):
        ip_key = self.to_k_ip(ip_hidden_states)
        scores = (hidden_states @ ip_key.transpose(-1, -2)).softmax(-1) @ ip_key
        mask = IPAdapterMaskProcessor.downsample(ip_mask, hidden_states.shape[0], hidden_states.shape[1], scores.shape[-1])
        return hidden_states + scores * mask


def example():
    return IPAdapterAttn(), (torch.randn(1, 16, 8), torch.randn(1, 4, 8), torch.rand(1, 8, 8))
