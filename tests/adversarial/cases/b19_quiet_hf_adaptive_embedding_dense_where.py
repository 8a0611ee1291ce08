"""The adaptive embedding written densely: each cluster embeds every token (indices clamped into its range) and
torch.where keeps the ones inside the cutoffs."""
import torch
from torch import nn


class AdaptiveEmbedding(nn.Module):
    def __init__(self, vocab=12, dim=4, cutoffs=(4, 8)):
        super().__init__()
        self.cutoff_ends = [0, *cutoffs, vocab]
        self.emb_layers = nn.ModuleList(
            nn.Embedding(r - l, dim) for l, r in zip(self.cutoff_ends[:-1], self.cutoff_ends[1:]))

    def forward(self, inp):
        out = None
        for i, layer in enumerate(self.emb_layers):
            l_idx, r_idx = self.cutoff_ends[i], self.cutoff_ends[i + 1]
            mask_i = ((inp >= l_idx) & (inp < r_idx)).unsqueeze(-1)
            emb_i = layer((inp - l_idx).clamp(0, r_idx - l_idx - 1))
            out = torch.where(mask_i, emb_i, torch.zeros_like(emb_i) if out is None else out)
        return out


def example():
    return AdaptiveEmbedding(), (torch.tensor([[1, 5, 9], [2, 3, 11]]),)
