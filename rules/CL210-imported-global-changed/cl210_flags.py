"""Project-wide switches, set by the training script (imported by bad.py and good.py of CL210)."""
import torch

MODE = "train"
# a tensor switch: dynamo guards on its dtype and shape, not on its value
TRAINING = torch.ones((), dtype=torch.bool)
