import torch.nn.functional as F

EXPECT = {
    'values': "temperature on one side only: both the student's and the teacher's logits are divided by T",
    'a student equal to the teacher pays only the hard loss': '',
}


def distill_loss(student_logits, teacher_logits, labels, temperature=2.0, alpha=0.5):
    T = temperature
    kd = F.kl_div(F.log_softmax(student_logits / T, dim=-1), F.softmax(teacher_logits, dim=-1),
                  reduction="batchmean")
    return alpha * T * T * kd + (1 - alpha) * F.cross_entropy(student_logits, labels)
