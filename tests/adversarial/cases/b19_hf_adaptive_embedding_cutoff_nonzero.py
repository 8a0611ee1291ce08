"""An adaptive input embedding (Transformer-XL style): each vocabulary cluster embeds the tokens that fall in its
cutoff range, found with nonzero, and skips clusters no token hits."""
import torch
from torch import nn


class AdaptiveEmbedding(nn.Module):
    def __init__(self, vocab=12, dim=4, cutoffs=(4, 8)):
        super().__init__()
        self.cutoff_ends = [0, *cutoffs, vocab]
        self.emb_layers = nn.ModuleList(
            nn.Embedding(r - l, dim) for l, r in zip(self.cutoff_ends[:-1], self.cutoff_ends[1:]))
        self.dim = dim

    def forward(self, inp):
        inp_flat = inp.view(-1)
        emb_flat = torch.zeros(inp_flat.size(0), self.dim)
        for i, layer in enumerate(self.emb_layers):
            l_idx, r_idx = self.cutoff_ends[i], self.cutoff_ends[i + 1]
            mask_i = (inp_flat >= l_idx) & (inp_flat < r_idx)
            indices_i = mask_i.nonzero().squeeze(-1)  # expect: CL121
            if indices_i.numel() == 0:
                continue
            emb_flat.index_copy_(0, indices_i, layer(inp_flat.index_select(0, indices_i) - l_idx))
        return emb_flat.view(*inp.shape, self.dim)


def example():
    return AdaptiveEmbedding(), (torch.tensor([[1, 5, 9], [2, 3, 11]]),)
