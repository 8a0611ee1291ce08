"""The speech models' `_get_feature_vector_attention_mask`: output lengths through the conv stack's floor division,
then a zero mask written at `(arange(batch), lengths - 1)` and flipped-cumsummed into a prefix mask."""
import torch
from torch import nn


class Wav2Vec2ConfigStub:
    conv_kernel = (3, 2)
    conv_stride = (2, 2)
    hidden_size = 8


class FeatureMaskEncoder(nn.Module):
    def __init__(self, config=Wav2Vec2ConfigStub()):
        super().__init__()
        self.config = config
        self.proj = nn.Linear(config.hidden_size, config.hidden_size)

    def _get_feat_extract_output_lengths(self, input_lengths):
        def _conv_out_length(input_length, kernel_size, stride):
            return torch.div(input_length - kernel_size, stride, rounding_mode="floor") + 1

        for kernel_size, stride in zip(self.config.conv_kernel, self.config.conv_stride):
            input_lengths = _conv_out_length(input_lengths, kernel_size, stride)
        return input_lengths

    def _get_feature_vector_attention_mask(self, feature_vector_length, attention_mask):
        non_padded_lengths = attention_mask.cumsum(dim=-1)[:, -1]
        output_lengths = self._get_feat_extract_output_lengths(non_padded_lengths).to(torch.long)
        batch_size = attention_mask.shape[0]
        attention_mask = torch.zeros((batch_size, feature_vector_length), dtype=attention_mask.dtype)
        attention_mask[(torch.arange(attention_mask.shape[0]), output_lengths - 1)] = 1
        attention_mask = attention_mask.flip([-1]).cumsum(-1).flip([-1]).bool()
        return attention_mask

    def forward(self, features, raw_attention_mask):
        mask = self._get_feature_vector_attention_mask(features.shape[1], raw_attention_mask)
        return self.proj(features) * mask[..., None]


def example():
    raw = torch.ones(2, 16, dtype=torch.long)
    raw[1, 12:] = 0
    return FeatureMaskEncoder(), (torch.randn(2, 3, 8), raw)
