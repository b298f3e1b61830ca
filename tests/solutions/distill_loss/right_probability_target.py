import torch.nn.functional as F


def distill_loss(student_logits, teacher_logits, labels, temperature=2.0, alpha=0.5):
    # the common form: the teacher's probabilities as F.kl_div's target
    T = temperature
    soft_targets = F.softmax(teacher_logits / T, dim=-1)
    student_log_probs = F.log_softmax(student_logits / T, dim=-1)
    kd = F.kl_div(student_log_probs, soft_targets, reduction="batchmean") * (T * T)
    ce = F.cross_entropy(student_logits, labels)
    return alpha * kd + (1.0 - alpha) * ce
