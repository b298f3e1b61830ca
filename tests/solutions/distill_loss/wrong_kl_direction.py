import torch.nn.functional as F

EXPECT = {
    'values': 'KL direction reversed: KL(teacher ‖ student), the expectation under the teacher (F.kl_div(student_log_probs, teacher_log_probs, log_target=True))',
}


def distill_loss(student_logits, teacher_logits, labels, temperature=2.0, alpha=0.5):
    T = temperature
    log_s = F.log_softmax(student_logits / T, dim=-1)
    log_t = F.log_softmax(teacher_logits / T, dim=-1)
    kd = F.kl_div(log_t, log_s, log_target=True, reduction="batchmean")     # KL(student ‖ teacher)
    return alpha * T * T * kd + (1 - alpha) * F.cross_entropy(student_logits, labels)
