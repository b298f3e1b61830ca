"""lstm_cell: a module graded on single steps and on sequences: each step's (h, c) is fed back as
the next step's state, and every step is compared (a Trace), so a cell state that is not carried
shows at the step after it is dropped. The first state is left out, None, or given; gradients
reach the inputs, the first state and the four parameters. Particular to it: input_size and
hidden_size that differ, saturated gates (inputs near ±100), a long sequence, and the mistakes of
the gate order, tanh vs sigmoid on g, the cell state not carried, h from c without tanh, the
state ignored, a bias left out, and weights not transposed."""
import torch
from torch import nn
from grader.engine import kit
from grader.engine.kit import seeded
from grader.engine.spec import Drill, Entry, Loops, Mistake, Speed

META = dict(title="LSTM cell", zh="LSTM单元", topic="vision and sequence", difficulty="medium", minutes=15,
            oracle="nn.LSTMCell with the same weights")
HINTS = [
    "One matrix product per input gives all four gates at once: gates = x @ weight_ih.T + bias_ih + "
    "h @ weight_hh.T + bias_hh, shape (B, 4·hidden).",
    "Split with gates.chunk(4, dim=-1) in PyTorch's order i, f, g, o. i, f and o go through sigmoid "
    "(they are gates, in (0, 1)); g goes through tanh (it is the candidate value, in (-1, 1)).",
    "c_new = f * c + i * g carries the old cell state; h_new = o * tanh(c_new). Return (h_new, c_new); "
    "when state is None start from x.new_zeros(B, hidden) for both.",
]

case = kit.recurrent_case


def states(B, H):
    return [(B, H), (B, H)]


def inputs(draw):
    return kit.recurrent_inputs(draw, states)


# ---- classic mistakes, written as a learner would ------------------------------------------------

class Written(nn.Module):
    """LSTMCell as a learner writes it, with at most one classic mistake: "ifog", "figo" (gate
    orders), "sigmoid g", "c not carried", "no tanh on c", "state ignored", "one bias",
    "not transposed"."""

    def __init__(self, input_size, hidden_size, *, mistake=""):
        super().__init__()
        self.hidden_size, self.mistake = hidden_size, mistake
        self.weight_ih = nn.Parameter(torch.randn(4 * hidden_size, input_size))
        self.weight_hh = nn.Parameter(torch.randn(4 * hidden_size, hidden_size))
        self.bias_ih = nn.Parameter(torch.zeros(4 * hidden_size))
        self.bias_hh = nn.Parameter(torch.zeros(4 * hidden_size))

    def forward(self, x, state=None):
        m = self.mistake
        if state is None or m == "state ignored":
            h = c = x.new_zeros(x.shape[0], self.hidden_size)
        else:
            h, c = state
        if m == "not transposed":
            gates = x @ self.weight_ih + self.bias_ih + h @ self.weight_hh + self.bias_hh
        else:
            gates = x @ self.weight_ih.T + self.bias_ih + h @ self.weight_hh.T
            gates = gates if m == "one bias" else gates + self.bias_hh
        if m == "ifog":
            i, f, o, g = gates.chunk(4, -1)
        elif m == "figo":
            f, i, g, o = gates.chunk(4, -1)
        else:
            i, f, g, o = gates.chunk(4, -1)
        g = torch.sigmoid(g) if m == "sigmoid g" else torch.tanh(g)
        i, f, o = torch.sigmoid(i), torch.sigmoid(f), torch.sigmoid(o)
        c = i * g if m == "c not carried" else f * c + i * g
        h = o * c if m == "no tanh on c" else o * torch.tanh(c)
        return h, c


def learner_like(mistake):
    class LSTMCell(Written):
        def __init__(self, input_size, hidden_size):
            super().__init__(input_size, hidden_size, mistake=mistake)
    return LSTMCell


GATE_ORDER = "gates split in another order than PyTorch's i, f, g, o (input, forget, cell candidate, output)"

DRILL = Drill(entries=[Entry(
    "LSTMCell",
    inputs=inputs,
    run=kit.recurrent_steps(("h", "c")),
    examples=[
        case(torch.tensor([[[1.0]]]), 1, (torch.tensor([[0.5]]), torch.tensor([[1.0]])),
             label="the prompt's x and state (the grader's weights)"),
        case(seeded(1, 1, 3, 4), 5, label="one step, state left out (zeros)"),
        case(seeded(2, 1, 2, 3), 4, (seeded(3, 2, 4), seeded(4, 2, 4)), label="one step from a given state"),
        case(seeded(5, 4, 2, 3), 3, label="4 steps from zeros: c is carried from step to step"),
        case(seeded(6, 5, 1, 2), 1, (seeded(7, 1, 1), seeded(8, 1, 1) * 3), label="5 steps, hidden_size 1"),
        case(seeded(9, 3, 2, 1), 5, None, label="3 steps, state=None, input_size 1"),
        case(seeded(10, 2, 3, 7), 2, (seeded(11, 3, 2), seeded(12, 3, 2)), label="input_size 7, hidden_size 2"),
    ],
    extreme=[
        case(seeded(13, 3, 2, 4, scale=100.0), 3, label="inputs near ±100: saturated gates"),
        case(seeded(14, 50, 2, 3), 4, (seeded(15, 2, 4), seeded(16, 2, 4)), label="50 steps"),
        case(seeded(17, 2, 256, 8), 16, label="a batch of 256"),
    ],
    invariants=[kit.batch_independence(arg_at="inputs", batch_dim=1, out_dim=0)],
    mistakes=[
        Mistake(GATE_ORDER, like=learner_like("ifog"),
                hint="weight_ih's rows are the blocks i, f, g, o: i, f, g, o = gates.chunk(4, dim=-1)."),
        Mistake(GATE_ORDER, like=learner_like("figo")),
        Mistake("sigmoid on the cell candidate g: it takes tanh (values in (-1, 1)); i, f and o take sigmoid",
                like=learner_like("sigmoid g")),
        Mistake("the cell state is not carried: c_new = f * c + i * g keeps the old c through the forget gate",
                like=learner_like("c not carried"),
                hint="The forget gate scales the previous cell state: c_new = f * c + i * g, not i * g alone."),
        Mistake("h_new = o * c_new: the cell state goes through tanh first, h_new = o * tanh(c_new)",
                like=learner_like("no tanh on c")),
        Mistake("the state passed in is ignored: every step starts again from zeros",
                like=learner_like("state ignored")),
        Mistake("bias_hh left out: both biases are added", like=learner_like("one bias")),
        Mistake("weights not transposed: weight_ih is (4·hidden, input), so x @ weight_ih.T",
                like=learner_like("not transposed"), error=r"mat1 and mat2 shapes cannot be multiplied"),
        Mistake("the state modified in place: return new tensors", check="inputs unchanged"),
    ],
    loops=Loops(small=case(seeded(18, 2, 3, 4), 5, (seeded(19, 3, 5), seeded(20, 3, 5))),
                large=case(seeded(21, 2, 9, 4), 5, (seeded(22, 9, 5), seeded(23, 9, 5))), over="the batch"),
    speed=Speed(lambda seed: case(seeded(seed, 8, 256, 64), 128), limit=30.0),
)], banned=["torch.nn.LSTMCell", "torch.nn.LSTM", "torch.lstm_cell", "torch.lstm", "torch._VF.lstm_cell",
            "torch._VF.lstm", "torch.ops.aten.lstm_cell", "torch.ops.aten.lstm", "torch._thnn_fused_lstm_cell",
            "torch.ops.aten._thnn_fused_lstm_cell"])
