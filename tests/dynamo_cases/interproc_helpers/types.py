"""Type aliases of a project, as pykeen's typing module spells them (data_flagged.py annotates with them)."""

from typing import TypeAlias

import torch

LongTensor: TypeAlias = torch.Tensor
