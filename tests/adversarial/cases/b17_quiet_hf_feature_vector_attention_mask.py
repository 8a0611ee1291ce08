"""A wav2vec2-style feature-vector attention mask: output lengths from the conv stack's arithmetic, a one
written at each last valid frame with advanced indexing, then flip/cumsum/flip."""
import torch
from torch import nn


class FeatureEncoder(nn.Module):
    def __init__(self, kernels=(3, 2), strides=(2, 1)):
        super().__init__()
        self.kernels, self.strides = kernels, strides
        self.proj = nn.Linear(1, 4)

    def _get_feat_extract_output_lengths(self, input_lengths):
        for kernel, stride in zip(self.kernels, self.strides):
            input_lengths = torch.div(input_lengths - kernel, stride, rounding_mode="floor") + 1
        return input_lengths

    def forward(self, input_values, attention_mask):
        feature_len = 3
        output_lengths = self._get_feat_extract_output_lengths(attention_mask.sum(-1)).to(torch.long)
        batch_size = attention_mask.shape[0]
        mask = torch.zeros((batch_size, feature_len), dtype=input_values.dtype)
        mask[(torch.arange(batch_size), output_lengths - 1)] = 1
        mask = mask.flip([-1]).cumsum(-1).flip([-1]).bool()
        feats = self.proj(input_values[:, :feature_len, None])
        return feats * mask[..., None]


def example():
    am = torch.tensor([[1, 1, 1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1, 0, 0]])
    return FeatureEncoder(), (torch.randn(2, 8), am)
