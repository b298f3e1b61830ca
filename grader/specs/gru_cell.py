"""gru_cell: a module graded on single steps and on sequences: each step's h is fed back as the
next step's state, and every step is compared (a Trace). The first state is left out, None, or
given; gradients reach the inputs, the first state and the four parameters. Particular to it:
PyTorch's reset convention (r scales h_n after the matmul, bias_hh's n block included), which the
classic variants (reset before the matmul, as in the original paper; b_hn outside the reset) only
show once h is not zero, so sequences and given states are among the examples; and the mistakes
of (1 - z) on the wrong term, the gate order, the state ignored and a bias left out."""
import torch
from torch import nn
from grader.engine import kit
from grader.engine.kit import seeded
from grader.engine.spec import Drill, Entry, Loops, Mistake, Speed

META = dict(title="GRU cell", zh="GRU单元", topic="vision and sequence", difficulty="medium", minutes=15,
            oracle="nn.GRUCell with the same weights")
HINTS = [
    "Two products give every block: gi = x @ weight_ih.T + bias_ih and gh = h @ weight_hh.T + bias_hh, "
    "each (B, 3·hidden); split each with .chunk(3, dim=-1) in the order r, z, n.",
    "r = sigmoid(i_r + h_r), z = sigmoid(i_z + h_z). The reset gate multiplies h_n = (h @ W_hn.T + b_hn), "
    "the hidden block AFTER its matmul and bias: n = tanh(i_n + r * h_n).",
    "h_new = (1 - z) * n + z * h: z is how much of the old state is kept. Start from "
    "x.new_zeros(B, hidden) when h is None.",
]

case = kit.recurrent_case


def inputs(draw):
    return kit.recurrent_inputs(draw, lambda B, H: [(B, H)])


# ---- classic mistakes, written as a learner would ------------------------------------------------

class Written(nn.Module):
    """GRUCell as a learner writes it, with at most one classic mistake: "reset before",
    "b_hn outside", "z swapped", "zrn" (gate order), "sigmoid n", "state ignored", "one bias"."""

    def __init__(self, input_size, hidden_size, *, mistake=""):
        super().__init__()
        self.hidden_size, self.mistake = hidden_size, mistake
        self.weight_ih = nn.Parameter(torch.randn(3 * hidden_size, input_size))
        self.weight_hh = nn.Parameter(torch.randn(3 * hidden_size, hidden_size))
        self.bias_ih = nn.Parameter(torch.zeros(3 * hidden_size))
        self.bias_hh = nn.Parameter(torch.zeros(3 * hidden_size))

    def forward(self, x, h=None):
        m, H = self.mistake, self.hidden_size
        if h is None or m == "state ignored":
            h = x.new_zeros(x.shape[0], H)
        gi = x @ self.weight_ih.T + self.bias_ih
        w_hh, b_hh = self.weight_hh, self.bias_hh
        gh = h @ w_hh.T + (0 if m in ("one bias", "b_hn outside") else b_hh)
        if m == "b_hn outside":                       # b_hr and b_hz still inside their gates
            gh = gh + torch.cat([b_hh[:2 * H], torch.zeros_like(b_hh[2 * H:])])
        i_r, i_z, i_n = gi.chunk(3, -1)
        h_r, h_z, h_n = gh.chunk(3, -1)
        if m == "zrn":
            i_z, i_r = i_r, i_z
            h_z, h_r = h_r, h_z
        r, z = torch.sigmoid(i_r + h_r), torch.sigmoid(i_z + h_z)
        if m == "reset before":                       # the original paper: W_hn (r * h) + b_hn
            a = i_n + (r * h) @ w_hh[2 * H:].T + b_hh[2 * H:]
        elif m == "b_hn outside":
            a = i_n + r * h_n + b_hh[2 * H:]
        else:
            a = i_n + r * h_n
        n = torch.sigmoid(a) if m == "sigmoid n" else torch.tanh(a)
        return z * n + (1 - z) * h if m == "z swapped" else (1 - z) * n + z * h


def learner_like(mistake):
    class GRUCell(Written):
        def __init__(self, input_size, hidden_size):
            super().__init__(input_size, hidden_size, mistake=mistake)
    return GRUCell


RESET_BEFORE = ("reset gate applied before the matmul (r * h) @ W_hn.T, the original paper's form; PyTorch "
                "applies it after: n = tanh(i_n + r * (h @ W_hn.T + b_hn))")

DRILL = Drill(entries=[Entry(
    "GRUCell",
    inputs=inputs,
    run=kit.recurrent_steps(),
    examples=[
        case(torch.tensor([[[1.0]]]), 1, torch.tensor([[0.5]]), label="the prompt's x and h (the grader's weights)"),
        case(seeded(1, 1, 3, 4), 5, label="one step, h left out (zeros)"),
        case(seeded(2, 1, 2, 3), 4, seeded(3, 2, 4), label="one step from a given h"),
        case(seeded(4, 4, 2, 3), 3, label="4 steps from zeros: h is carried from step to step"),
        case(seeded(5, 5, 1, 2), 1, seeded(6, 1, 1), label="5 steps, hidden_size 1"),
        case(seeded(7, 3, 2, 1), 5, None, label="3 steps, h=None, input_size 1"),
        case(seeded(8, 2, 3, 7), 2, seeded(9, 3, 2) * 2, label="input_size 7, hidden_size 2"),
    ],
    extreme=[
        case(seeded(10, 3, 2, 4, scale=100.0), 3, label="inputs near ±100: saturated gates"),
        case(seeded(11, 50, 2, 3), 4, seeded(12, 2, 4), label="50 steps"),
        case(seeded(13, 2, 256, 8), 16, label="a batch of 256"),
    ],
    invariants=[kit.batch_independence(arg_at="inputs", batch_dim=1, out_dim=0)],
    mistakes=[
        Mistake(RESET_BEFORE, like=learner_like("reset before"),
                hint="nn.GRUCell multiplies the reset gate into the hidden block after its matmul and bias: "
                     "h_n = h @ W_hn.T + b_hn, then n = tanh(i_n + r * h_n)."),
        Mistake("bias_hh's n block added outside the reset gate: PyTorch's n = tanh(i_n + r * (h @ W_hn.T + b_hn))",
                like=learner_like("b_hn outside")),
        Mistake("(1 - z) on the wrong term: h_new = (1 - z) * n + z * h (z near 1 keeps the old state)",
                like=learner_like("z swapped"),
                hint="In PyTorch's GRU the update gate z weighs the OLD state: h_new = (1 - z) * n + z * h."),
        Mistake("gates split in another order than PyTorch's r, z, n (reset, update, candidate)",
                like=learner_like("zrn")),
        Mistake("sigmoid on the candidate n: it takes tanh", like=learner_like("sigmoid n")),
        Mistake("the state passed in is ignored: every step starts again from zeros",
                like=learner_like("state ignored")),
        Mistake("bias_hh left out: both biases are added", like=learner_like("one bias")),
        Mistake("weights not transposed: weight_ih is (3·hidden, input), so x @ weight_ih.T",
                error=r"mat1 and mat2 shapes cannot be multiplied"),
        Mistake("h modified in place: return a new tensor", check="inputs unchanged"),
    ],
    loops=Loops(small=case(seeded(14, 2, 3, 4), 5, seeded(15, 3, 5)),
                large=case(seeded(16, 2, 9, 4), 5, seeded(17, 9, 5)), over="the batch"),
    speed=Speed(lambda seed: case(seeded(seed, 8, 256, 64), 128), limit=30.0),
)], banned=["torch.nn.GRUCell", "torch.nn.GRU", "torch.gru_cell", "torch.gru", "torch._VF.gru_cell",
            "torch._VF.gru", "torch.ops.aten.gru_cell", "torch.ops.aten.gru", "torch._thnn_fused_gru_cell",
            "torch.ops.aten._thnn_fused_gru_cell"])
