"""A video transformer's joint attention mask: the valid length of each sample (latent tokens plus its text
tokens) is computed as a tensor, and a loop writes True up to each length (a slice bound from a tensor)."""
import torch
from torch import nn


class JointMask(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, hidden_states, encoder_hidden_states, encoder_attention_mask):
        batch_size, latent_len = hidden_states.shape[:2]
        seq_len = latent_len + encoder_hidden_states.shape[1]
        effective_condition_sequence_length = encoder_attention_mask.sum(dim=1, dtype=torch.int)
        effective_sequence_length = latent_len + effective_condition_sequence_length
        attention_mask = torch.zeros(batch_size, seq_len, dtype=torch.bool)
        for i in range(batch_size):
            attention_mask[i, : effective_sequence_length[i]] = True  # expect: CL114
        joint = torch.cat([hidden_states, encoder_hidden_states], dim=1)
        return self.proj(joint) * attention_mask.unsqueeze(-1)


def example():
    enc_mask = torch.tensor([[1, 1, 0], [1, 0, 0]])
    return JointMask(), (torch.randn(2, 2, 4), torch.randn(2, 3, 4), enc_mask)
