"""A motion UNet folds frames into the batch: the time embedding and the text states are repeated per frame with
repeat_interleave by a Python count read off the sample's shape (a static output size)."""
import torch
from torch import nn


class MotionUNet(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.time_proj = nn.Linear(1, dim)
        self.conv = nn.Conv2d(dim, dim, 1)

    def forward(self, sample, timestep, encoder_hidden_states):
        batch, channels, num_frames, height, width = sample.shape
        emb = self.time_proj(timestep.float().view(-1, 1))
        emb = emb.repeat_interleave(repeats=num_frames, dim=0)
        encoder_hidden_states = encoder_hidden_states.repeat_interleave(num_frames, dim=0, output_size=batch * num_frames)
        sample = sample.permute(0, 2, 1, 3, 4).reshape(batch * num_frames, channels, height, width)
        out = self.conv(sample) + emb[:, :, None, None] + encoder_hidden_states.mean(1)[:, :, None, None]
        return out.reshape(batch, num_frames, channels, height, width).permute(0, 2, 1, 3, 4)


def example():
    return MotionUNet(), (torch.randn(2, 4, 3, 2, 2), torch.tensor([10, 20]), torch.randn(2, 5, 4))
