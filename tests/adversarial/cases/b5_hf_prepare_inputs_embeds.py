"""`prepare_inputs_for_generation`: on the first step, when the caller passed `inputs_embeds`, those are fed
instead of ids. "First step" is tested as `cache_position[0] == 0`, a tensor comparison in an `and`; slicing
the ids with `cache_position` when the lengths differ is a shape check and a tensor index."""
import torch
from torch import nn


class GenerationMixinLike(nn.Module):
    def __init__(self, vocab=12, dim=6):
        super().__init__()
        self.embed_tokens = nn.Embedding(vocab, dim)
        self.lm_head = nn.Linear(dim, vocab)

    def prepare_inputs_for_generation(self, input_ids, cache_position, inputs_embeds=None, attention_mask=None):
        if input_ids.shape[1] != cache_position.shape[0]:
            input_ids = input_ids[:, cache_position]
        model_inputs = {"cache_position": cache_position, "attention_mask": attention_mask}
        if inputs_embeds is not None and cache_position[0] == 0:  # known-miss: CL101
            model_inputs["inputs_embeds"] = inputs_embeds
            model_inputs["input_ids"] = None
        else:
            model_inputs["input_ids"] = input_ids.clone(memory_format=torch.contiguous_format)
            model_inputs["inputs_embeds"] = None
        return model_inputs

    def forward(self, input_ids, cache_position, inputs_embeds):
        inputs = self.prepare_inputs_for_generation(input_ids, cache_position, inputs_embeds=inputs_embeds)
        embeds = inputs["inputs_embeds"]
        if embeds is None:
            embeds = self.embed_tokens(inputs["input_ids"])
        return self.lm_head(embeds)


def example():
    return GenerationMixinLike(), (torch.tensor([[1, 2, 3]]), torch.arange(3), torch.randn(1, 3, 6))
