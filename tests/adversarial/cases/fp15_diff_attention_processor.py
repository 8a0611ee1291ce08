"""An attention processor in the style of a diffusion library: the processor object's __call__ receives the
attention module as `attn` and reads its flags, reshapes 4-d input by its own shape, prepares an optional mask;
a resnet block with a time embedding norm chosen by string; a UNet checks whether the input size is a multiple of
its upsampling factor and passes the skip's spatial size to the upsampler."""
import torch
from torch import nn
from torch.nn import functional as F


class AttnProcessor:
    def __call__(self, attn, hidden_states, encoder_hidden_states=None, attention_mask=None, temb=None, *args,
                 **kwargs):
        residual = hidden_states
        if attn.spatial_norm is not None:
            hidden_states = attn.spatial_norm(hidden_states, temb)
        input_ndim = hidden_states.ndim
        if input_ndim == 4:
            batch_size, channel, height, width = hidden_states.shape
            hidden_states = hidden_states.view(batch_size, channel, height * width).transpose(1, 2)
        batch_size, sequence_length, _ = (
            hidden_states.shape if encoder_hidden_states is None else encoder_hidden_states.shape
        )
        if attention_mask is not None:
            attention_mask = attention_mask.view(batch_size, attn.heads, -1, attention_mask.shape[-1])
        if attn.group_norm is not None:
            hidden_states = attn.group_norm(hidden_states.transpose(1, 2)).transpose(1, 2)
        query = attn.to_q(hidden_states)
        if encoder_hidden_states is None:
            encoder_hidden_states = hidden_states
        elif attn.norm_cross:
            encoder_hidden_states = attn.norm_encoder_hidden_states(encoder_hidden_states)
        key = attn.to_k(encoder_hidden_states)
        value = attn.to_v(encoder_hidden_states)
        inner_dim = key.shape[-1]
        head_dim = inner_dim // attn.heads
        query = query.view(batch_size, -1, attn.heads, head_dim).transpose(1, 2)
        key = key.view(batch_size, -1, attn.heads, head_dim).transpose(1, 2)
        value = value.view(batch_size, -1, attn.heads, head_dim).transpose(1, 2)
        hidden_states = F.scaled_dot_product_attention(query, key, value, attn_mask=attention_mask, dropout_p=0.0,
                                                       is_causal=False)
        hidden_states = hidden_states.transpose(1, 2).reshape(batch_size, -1, attn.heads * head_dim)
        hidden_states = attn.to_out(hidden_states)
        if input_ndim == 4:
            hidden_states = hidden_states.transpose(-1, -2).reshape(batch_size, channel, height, width)
        if attn.residual_connection:
            hidden_states = hidden_states + residual
        hidden_states = hidden_states / attn.rescale_output_factor
        return hidden_states


class Attention(nn.Module):
    def __init__(self, dim, heads=2, residual_connection=True, rescale_output_factor=1.0):
        super().__init__()
        self.heads = heads
        self.spatial_norm = None
        self.group_norm = nn.GroupNorm(2, dim)
        self.norm_cross = False
        self.residual_connection = residual_connection
        self.rescale_output_factor = rescale_output_factor
        self.to_q = nn.Linear(dim, dim)
        self.to_k = nn.Linear(dim, dim)
        self.to_v = nn.Linear(dim, dim)
        self.to_out = nn.Linear(dim, dim)
        self.processor = AttnProcessor()

    def forward(self, hidden_states, encoder_hidden_states=None, attention_mask=None, **cross_attention_kwargs):
        return self.processor(self, hidden_states, encoder_hidden_states=encoder_hidden_states,
                              attention_mask=attention_mask, **cross_attention_kwargs)


class ResnetBlock(nn.Module):
    def __init__(self, channels, temb_channels, time_embedding_norm="default", skip_time_act=False,
                 output_scale_factor=1.0):
        super().__init__()
        self.time_embedding_norm = time_embedding_norm
        self.skip_time_act = skip_time_act
        self.output_scale_factor = output_scale_factor
        self.norm1 = nn.GroupNorm(2, channels)
        self.conv1 = nn.Conv2d(channels, channels, 3, padding=1)
        out = channels * 2 if time_embedding_norm == "scale_shift" else channels
        self.time_emb_proj = nn.Linear(temb_channels, out) if temb_channels is not None else None
        self.nonlinearity = nn.SiLU()

    def forward(self, input_tensor, temb, *args, **kwargs):
        hidden_states = self.conv1(self.nonlinearity(self.norm1(input_tensor)))
        if self.time_emb_proj is not None:
            if not self.skip_time_act:
                temb = self.nonlinearity(temb)
            temb = self.time_emb_proj(temb)[:, :, None, None]
        if self.time_embedding_norm == "default":
            if temb is not None:
                hidden_states = hidden_states + temb
        elif self.time_embedding_norm == "scale_shift":
            time_scale, time_shift = torch.chunk(temb, 2, dim=1)
            hidden_states = hidden_states * (1 + time_scale) + time_shift
        return (input_tensor + hidden_states) / self.output_scale_factor


class Upsample(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)

    def forward(self, hidden_states, output_size=None, *args, **kwargs):
        dtype = hidden_states.dtype
        if dtype == torch.bfloat16:
            hidden_states = hidden_states.to(torch.float32)
        if hidden_states.shape[0] >= 64:
            hidden_states = hidden_states.contiguous()
        if output_size is None:
            hidden_states = F.interpolate(hidden_states, scale_factor=2.0, mode="nearest")
        else:
            hidden_states = F.interpolate(hidden_states, size=output_size, mode="nearest")
        if dtype == torch.bfloat16:
            hidden_states = hidden_states.to(dtype)
        return self.conv(hidden_states)


class UNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.num_upsamplers = 1
        self.time_proj = nn.Linear(1, 8)
        self.down = ResnetBlock(4, 8, time_embedding_norm="scale_shift")
        self.pool = nn.AvgPool2d(2)
        self.attn = Attention(4)
        self.up = Upsample(4)
        self.out = ResnetBlock(4, 8)

    def forward(self, sample, timestep, attention_mask=None, return_dict: bool = True):
        default_overall_up_factor = 2 ** self.num_upsamplers
        forward_upsample_size = False
        upsample_size = None
        for dim in sample.shape[-2:]:
            if dim % default_overall_up_factor != 0:
                forward_upsample_size = True
                break
        if attention_mask is not None:
            attention_mask = (1 - attention_mask.to(sample.dtype)) * -10000.0
            attention_mask = attention_mask.unsqueeze(1)
        emb = self.time_proj(timestep.float().view(-1, 1))
        skip = self.down(sample, emb)
        down_block_res_samples = (skip,)
        sample = self.pool(skip)
        sample = self.attn(sample)
        if forward_upsample_size:
            upsample_size = down_block_res_samples[-1].shape[2:]
        sample = self.up(sample, upsample_size)
        sample = self.out(sample + down_block_res_samples[-1], emb)
        if not return_dict:
            return (sample,)
        return {"sample": sample}


def example():
    return UNet(), (torch.randn(2, 4, 6, 6), torch.tensor([3, 5]))
