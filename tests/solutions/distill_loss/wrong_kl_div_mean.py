import torch.nn.functional as F

EXPECT = {
    'values': "KL averaged over the classes too (F.kl_div reduction='mean'): sum over classes, mean over rows ('batchmean')",
}


def distill_loss(student_logits, teacher_logits, labels, temperature=2.0, alpha=0.5):
    T = temperature
    kd = F.kl_div(F.log_softmax(student_logits / T, dim=-1), F.softmax(teacher_logits / T, dim=-1),
                  reduction="mean")
    return alpha * T * T * kd + (1 - alpha) * F.cross_entropy(student_logits, labels)
