"""A protein LM's token dropout: masked tokens are zeroed and the embeddings rescaled by the observed mask ratio
per sequence (tensor arithmetic on counts, never a Python number)."""
import torch
from torch import nn


class TokenDropoutEmbeddings(nn.Module):
    def __init__(self, vocab=10, dim=4, mask_token_id=3, token_dropout=True):
        super().__init__()
        self.word_embeddings = nn.Embedding(vocab, dim)
        self.mask_token_id, self.token_dropout = mask_token_id, token_dropout

    def forward(self, input_ids, attention_mask):
        embeddings = self.word_embeddings(input_ids)
        if self.token_dropout:
            embeddings = embeddings.masked_fill((input_ids == self.mask_token_id).unsqueeze(-1), 0.0)
            mask_ratio_train = 0.15 * 0.8
            src_lengths = attention_mask.sum(-1)
            mask_ratio_observed = (input_ids == self.mask_token_id).sum(-1).float() / src_lengths
            embeddings = (embeddings * (1 - mask_ratio_train) / (1 - mask_ratio_observed)[:, None, None])
        return (embeddings * attention_mask.unsqueeze(-1)).to(embeddings.dtype)


def example():
    ids = torch.tensor([[1, 3, 4, 5], [3, 2, 2, 0]])
    return TokenDropoutEmbeddings(), (ids, torch.tensor([[1, 1, 1, 1], [1, 1, 1, 0]]))
