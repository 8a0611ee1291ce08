"""torch, nn and pack_padded_sequence reach this file only through a star import of a project module."""
from .common import *  # noqa: F403


class Select(nn.Module):  # noqa: F405
    def forward(self, x, lengths):
        kept = torch.masked_select(x, (lengths > 2).view(-1, 1))  # expect: CL121
        packed = pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=False)  # expect: CL159
        return kept.sum() + packed.data.sum()
