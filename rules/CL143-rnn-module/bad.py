import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(8, 8, batch_first=True)

    def forward(self, x):
        out, _ = self.rnn(x)  # expect: CL143
        return out.sum(1)


class ChosenEncoder(nn.Module):
    # joeynmt's recurrent encoder: the class is picked by name, and both choices are RNN modules
    def __init__(self, rnn_type="gru"):
        super().__init__()
        rnn = nn.GRU if rnn_type == "gru" else nn.LSTM
        self.rnn = rnn(8, 8, batch_first=True)

    def forward(self, x):
        out, _ = self.rnn(x)  # expect: CL143
        return out.sum(1)


class Decoder(nn.Module):
    # joeynmt's recurrent decoder: the module is first met by isinstance() in a helper, or by reading a field
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(8, 8, batch_first=True)

    def init_hidden(self, x):
        return (x, x) if isinstance(self.rnn, nn.LSTM) else x  # expect: CL143

    def forward(self, x):
        hidden = self.init_hidden(x)
        scale = self.rnn.hidden_size  # expect: CL143
        out, _ = self.rnn(x)  # the frame was given up on the line above
        return out.sum(1) * scale + hidden[0].sum(1)


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = Encoder()
        self.chosen = ChosenEncoder()
        self.decoder = Decoder()

    def forward(self, x):
        return self.encoder(x) + self.chosen(x) + self.decoder(x)


def example():
    return Both(), (torch.randn(2, 5, 8),)
