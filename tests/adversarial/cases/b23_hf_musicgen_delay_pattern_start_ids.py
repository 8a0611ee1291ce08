"""A multi-codebook audio decoder applies its delay pattern: codebook k is shifted right by k steps, and the first
step where the first codebook still holds the -1 placeholder is found with `nonzero()` and builtin `min`."""
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
        input_ids_shifted = torch.ones((bsz, num_codebooks, max_length), dtype=torch.long) * -1
        for codebook in range(num_codebooks):
            input_ids_shifted[:, codebook, codebook: seq_len + codebook] = input_ids[:, codebook]
        first_codebook_ids = input_ids_shifted[0, 0, :seq_len]
        start_ids = (first_codebook_ids == -1).nonzero()[:, 0]  # expect: CL121
        if len(start_ids) > 0:
            first_start_id = min(start_ids)
        else:
            first_start_id = seq_len
        pattern = input_ids_shifted.clamp(min=0)
        return pattern[..., :max_length], first_start_id

    def forward(self, codes):
        pattern, _ = self.build_delay_pattern_mask(codes, codes.shape[-1] + self.num_codebooks - 1)
        return sum(emb(pattern[:, k]) for k, emb in enumerate(self.embed))


def example():
    return DelayPatternDecoder(), (torch.randint(0, 15, (2, 3, 4)),)
