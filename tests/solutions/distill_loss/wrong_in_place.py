import torch.nn.functional as F

EXPECT = {
    'inputs unchanged': 'an input modified in place: work on new tensors',
}


def distill_loss(student_logits, teacher_logits, labels, temperature=2.0, alpha=0.5):
    T = temperature
    teacher_logits /= T                                  # softens the caller's teacher logits
    kd = F.kl_div(F.log_softmax(student_logits / T, dim=-1), F.log_softmax(teacher_logits, dim=-1),
                  log_target=True, reduction="batchmean")
    return alpha * T * T * kd + (1 - alpha) * F.cross_entropy(student_logits, labels)
