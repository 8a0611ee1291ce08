"""A Swin stage in the style of a model hub: the feature map's (height, width) travels as a tuple
`input_dimensions` from the embeddings through stage, layer and patch merging; each unpacks it, one compares its
minimum with the window size, one hands it on whole."""
import torch
from torch import nn
from torch.nn import functional as F


class PatchMerging(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.reduction = nn.Linear(4 * dim, 2 * dim, bias=False)

    def forward(self, input_feature, input_dimensions):
        height, width = input_dimensions
        batch_size, dim, num_channels = input_feature.shape
        input_feature = input_feature.view(batch_size, height, width, num_channels)
        if (height % 2 == 1) or (width % 2 == 1):
            input_feature = F.pad(input_feature, (0, 0, 0, width % 2, 0, height % 2))
        x0 = input_feature[:, 0::2, 0::2, :]
        x1 = input_feature[:, 1::2, 0::2, :]
        x2 = input_feature[:, 0::2, 1::2, :]
        x3 = input_feature[:, 1::2, 1::2, :]
        input_feature = torch.cat([x0, x1, x2, x3], -1)
        input_feature = input_feature.view(batch_size, -1, 4 * num_channels)
        return self.reduction(input_feature)


class Layer(nn.Module):
    def __init__(self, dim, window_size, shift_size):
        super().__init__()
        self.window_size = window_size
        self.shift_size = shift_size
        self.proj = nn.Linear(dim, dim)

    def set_shift_and_window_size(self, input_resolution):
        if min(input_resolution) <= self.window_size:
            self.shift_size = 0
            self.window_size = min(input_resolution)

    def maybe_pad(self, hidden_states, height, width):
        pad_right = (self.window_size - width % self.window_size) % self.window_size
        pad_bottom = (self.window_size - height % self.window_size) % self.window_size
        pad_values = (0, 0, 0, pad_right, 0, pad_bottom)
        hidden_states = F.pad(hidden_states, pad_values)
        return hidden_states, pad_values

    def forward(self, hidden_states, input_dimensions, head_mask=None, output_attentions=False, always_partition=False):
        if not always_partition:
            self.set_shift_and_window_size(input_dimensions)
        height, width = input_dimensions
        batch_size, _, channels = hidden_states.size()
        shortcut = hidden_states
        hidden_states = hidden_states.view(batch_size, height, width, channels)
        hidden_states, pad_values = self.maybe_pad(hidden_states, height, width)
        _, height_pad, width_pad, _ = hidden_states.shape
        if self.shift_size > 0:
            hidden_states = torch.roll(hidden_states, shifts=(-self.shift_size, -self.shift_size), dims=(1, 2))
        hidden_states = self.proj(hidden_states)
        was_padded = pad_values[3] > 0 or pad_values[5] > 0
        if was_padded:
            hidden_states = hidden_states[:, :height, :width, :].contiguous()
        hidden_states = hidden_states.view(batch_size, height * width, channels)
        layer_outputs = (shortcut + hidden_states,)
        return layer_outputs + (None,) if output_attentions else layer_outputs


class Stage(nn.Module):
    def __init__(self, dim, depth, window_size):
        super().__init__()
        self.blocks = nn.ModuleList([Layer(dim, window_size, 0 if i % 2 == 0 else window_size // 2)
                                     for i in range(depth)])
        self.downsample = PatchMerging(dim)

    def forward(self, hidden_states, input_dimensions, head_mask=None, output_attentions=False):
        height, width = input_dimensions
        for i, layer_module in enumerate(self.blocks):
            layer_head_mask = head_mask[i] if head_mask is not None else None
            layer_outputs = layer_module(hidden_states, input_dimensions, layer_head_mask, output_attentions)
            hidden_states = layer_outputs[0]
        hidden_states_before_downsampling = hidden_states
        if self.downsample is not None:
            height_downsampled, width_downsampled = (height + 1) // 2, (width + 1) // 2
            output_dimensions = (height, width, height_downsampled, width_downsampled)
            hidden_states = self.downsample(hidden_states_before_downsampling, input_dimensions)
        else:
            output_dimensions = (height, width, height, width)
        return (hidden_states, hidden_states_before_downsampling, output_dimensions)


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Conv2d(3, 8, 2, 2)
        self.stages = nn.ModuleList([Stage(8, 2, 2), Stage(16, 2, 2)])

    def forward(self, pixel_values):
        embeddings = self.embed(pixel_values)
        _, _, height, width = embeddings.shape
        input_dimensions = (height, width)
        hidden_states = embeddings.flatten(2).transpose(1, 2)
        for stage in self.stages:
            if stage.downsample is not None and hidden_states.shape[-1] != stage.downsample.reduction.in_features // 4:
                break
            hidden_states, _, output_dimensions = stage(hidden_states, input_dimensions)
            input_dimensions = (output_dimensions[-2], output_dimensions[-1])
        return hidden_states


def example():
    return Encoder(), (torch.randn(1, 3, 12, 12),)
