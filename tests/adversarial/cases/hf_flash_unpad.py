"""Flash-attention unpadding helpers: indices of real tokens, cu_seqlens and max_seqlen."""
import torch
from torch import nn
import torch.nn.functional as F


def _get_unpad_data(attention_mask):
    seqlens_in_batch = attention_mask.sum(dim=-1, dtype=torch.int32)
    indices = torch.nonzero(attention_mask.flatten(), as_tuple=False).flatten()  # expect: CL121
    max_seqlen_in_batch = seqlens_in_batch.max().item()  # expect: CL111
    cu_seqlens = F.pad(torch.cumsum(seqlens_in_batch, dim=0, dtype=torch.int32), (1, 0))
    return indices, cu_seqlens, max_seqlen_in_batch


def index_first_axis(tensor, indices):
    other_shape = tensor.shape[1:]
    second_dim = other_shape.numel()
    return torch.gather(tensor.reshape(tensor.shape[0], -1), 0, indices[:, None].expand(-1, second_dim)).reshape(-1, *other_shape)


class Unpad(nn.Module):
    def forward(self, hidden_states, attention_mask):
        batch_size, seq_len, dim = hidden_states.shape
        indices, cu_seqlens, max_seqlen = _get_unpad_data(attention_mask)
        unpadded = index_first_axis(hidden_states.reshape(batch_size * seq_len, dim), indices)
        return unpadded * 2, cu_seqlens, max_seqlen


def example():
    mask = torch.ones(2, 4, dtype=torch.long)
    mask[1, 3] = 0
    return Unpad(), (torch.randn(2, 4, 8), mask)
