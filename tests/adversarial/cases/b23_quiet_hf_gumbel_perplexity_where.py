"""A Gumbel vector quantizer's codebook perplexity over the masked time steps: probabilities outside the mask are
zeroed with `torch.where`, the marginal divides by `mask.sum()`, and the perplexity is `exp(-sum(p log p))`."""
import torch
import torch.nn.functional as F
from torch import nn


class GumbelVectorQuantizer(nn.Module):
    def __init__(self, dim=8, num_groups=2, num_vars=4):
        super().__init__()
        self.num_groups, self.num_vars = num_groups, num_vars
        self.weight_proj = nn.Linear(dim, num_groups * num_vars)
        self.temperature = 2.0

    @staticmethod
    def _compute_perplexity(probs, mask=None):
        if mask is not None:
            mask_extended = mask.flatten()[:, None, None].expand(probs.shape)
            probs = torch.where(mask_extended, probs, torch.zeros_like(probs))
            marginal_probs = probs.sum(dim=0) / mask.sum()
        else:
            marginal_probs = probs.mean(dim=0)
        return torch.exp(-torch.sum(marginal_probs * torch.log(marginal_probs + 1e-7), dim=-1)).sum()

    def forward(self, hidden_states, mask_time_indices=None):
        batch_size, sequence_length, _ = hidden_states.shape
        logits = self.weight_proj(hidden_states).view(batch_size * sequence_length * self.num_groups, -1)
        if self.training:
            probs = F.gumbel_softmax(logits.float(), tau=self.temperature, hard=True)
            soft = torch.softmax(logits.view(batch_size * sequence_length, self.num_groups, -1).float(), dim=-1)
        else:
            idx = logits.argmax(dim=-1)
            probs = logits.new_zeros(logits.shape).scatter_(-1, idx.view(-1, 1), 1.0)
            soft = probs.view(batch_size * sequence_length, self.num_groups, -1)
        perplexity = self._compute_perplexity(soft, mask_time_indices)
        return probs, perplexity


def example():
    return GumbelVectorQuantizer(), (torch.randn(2, 3, 8), torch.rand(2, 3) > 0.3)
