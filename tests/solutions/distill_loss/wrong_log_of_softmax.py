import torch
import torch.nn.functional as F

EXPECT = {
    'gradients': 'log(softmax(...)) underflows to log(0) = -inf for logits far apart; use log_softmax',
    'extreme inputs': 'log(softmax(...)) underflows to log(0) = -inf for logits far apart; use log_softmax',
}


def distill_loss(student_logits, teacher_logits, labels, temperature=2.0, alpha=0.5):
    T = temperature
    p = torch.softmax(teacher_logits / T, dim=-1)
    q = torch.softmax(student_logits / T, dim=-1)
    kd = (p * torch.log(p / q)).sum(dim=-1).mean()
    return alpha * T * T * kd + (1 - alpha) * F.cross_entropy(student_logits, labels)
