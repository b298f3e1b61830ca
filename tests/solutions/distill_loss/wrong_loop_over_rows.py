import torch
import torch.nn.functional as F

EXPECT = {
    'no loop': '',
}


def distill_loss(student_logits, teacher_logits, labels, temperature=2.0, alpha=0.5):
    T = temperature
    total = 0.0
    for s, t, y in zip(student_logits, teacher_logits, labels):
        log_q, log_p = F.log_softmax(s / T, dim=-1), F.log_softmax(t / T, dim=-1)
        kd = (log_p.exp() * (log_p - log_q)).sum()
        ce = -F.log_softmax(s, dim=-1)[y]
        total = total + alpha * T * T * kd + (1 - alpha) * ce
    return total / student_logits.shape[0]
