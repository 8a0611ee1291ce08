"""The delay pattern built without looking at values: a triangular keep mask from `torch.triu`/`tril` on the
(codebook, step) grid decides where the pad id goes, by `torch.where`."""
import torch
from torch import nn


class DelayPatternDecoder(nn.Module):
    def __init__(self, num_codebooks=3, vocab=16, d=8, pad_token_id=15):
        super().__init__()
        self.num_codebooks = num_codebooks
        self.pad_token_id = pad_token_id
        self.embed = nn.ModuleList([nn.Embedding(vocab, d) for _ in range(num_codebooks)])

    def build_delay_pattern_mask(self, input_ids, max_length):
        bsz, num_codebooks, seq_len = input_ids.shape
        padded = torch.full((bsz, num_codebooks, max_length), self.pad_token_id, dtype=torch.long)
        padded[..., :seq_len] = input_ids
        delay = torch.ones((num_codebooks, max_length), dtype=torch.bool)
        delay = torch.triu(delay, diagonal=max_length - num_codebooks + 1) | torch.tril(delay, diagonal=-1)
        rows = [torch.roll(padded[:, k], shifts=k, dims=-1) for k in range(num_codebooks)]
        shifted = torch.stack(rows, dim=1)
        return torch.where(delay, self.pad_token_id, shifted)

    def forward(self, codes):
        pattern = self.build_delay_pattern_mask(codes, codes.shape[-1] + self.num_codebooks - 1)
        return sum(emb(pattern[:, k]) for k, emb in enumerate(self.embed))


def example():
    return DelayPatternDecoder(), (torch.randint(0, 15, (2, 3, 4)),)
