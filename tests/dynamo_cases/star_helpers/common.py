"""What the star imports of star_helpers bind: torch, nn and a torch helper dynamo skips, spelled only here."""
import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence

_width = 4  # private: no star import binds it
