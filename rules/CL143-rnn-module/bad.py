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


class Recurrent(nn.Module):
    # sb3-contrib's recurrent policy: a static helper is handed the LSTM; the caller breaks where it reads the
    # module, and the helper, run as a frame of its own, gives up at its own first use of the parameter
    def __init__(self):
        super().__init__()
        self.lstm_actor = nn.LSTM(8, 8)

    @staticmethod
    def _process_sequence(features, states, lstm: nn.LSTM):
        n_seq = states[0].shape[1]
        sequence = features.reshape((n_seq, -1, lstm.input_size)).swapaxes(0, 1)  # expect: CL143
        output, states = lstm(sequence, states)
        return output.transpose(0, 1).sum(1)

    def forward(self, x):
        states = (x.new_zeros(1, x.shape[0], 8), x.new_zeros(1, x.shape[0], 8))
        return self._process_sequence(x.flatten(1), states, self.lstm_actor)  # expect: CL143


class Prediction(nn.Module):
    # nemoasr2pytorch's transducer prediction network: the LSTM hangs off an empty module so that the weights keep
    # another library's names (`dec_rnn.lstm.weight_ih_l0`)
    def __init__(self):
        super().__init__()
        lstm = nn.LSTM(8, 8, batch_first=True)
        self.dec_rnn = nn.Module()
        self.dec_rnn.lstm = lstm

    def forward(self, x):
        out, _ = self.dec_rnn.lstm(x)  # expect: CL143
        return out.sum(1)


class Searcher(nn.Module):
    # seq2seq-pytorch's greedy search: `self.eval()` visits every submodule, and the encoder, built in a method other
    # than __init__, holds a GRU: dynamo meets it inside torch's Module.train and breaks at the call
    def __init__(self):
        super().__init__()
        self.build()

    def build(self):
        self.encoder = Encoder()
        self.out = nn.Linear(8, 8)

    def forward(self, x):
        self.eval()  # expect: CL143
        return self.out(x).sum(1)


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.searcher = Searcher()
        self.encoder = Encoder()
        self.chosen = ChosenEncoder()
        self.decoder = Decoder()
        self.recurrent = Recurrent()
        self.prediction = Prediction()

    def forward(self, x):
        return self.encoder(x) + self.chosen(x) + self.decoder(x) + self.recurrent(x) + self.prediction(x) \
            + self.searcher(x)


def example():
    return Both(), (torch.randn(2, 5, 8),)
