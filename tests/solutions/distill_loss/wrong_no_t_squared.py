import torch.nn.functional as F

EXPECT = {
    'values': 'T² missing: the soft term is multiplied by T² (its gradients shrink like 1/T²)',
}


def distill_loss(student_logits, teacher_logits, labels, temperature=2.0, alpha=0.5):
    T = temperature
    kd = F.kl_div(F.log_softmax(student_logits / T, dim=-1), F.softmax(teacher_logits / T, dim=-1),
                  reduction="batchmean")
    return alpha * kd + (1 - alpha) * F.cross_entropy(student_logits, labels)
