import torch


def distill_loss(student_logits, teacher_logits, labels, temperature=2.0, alpha=0.5):
    # written out: KL = cross-entropy of the student under the teacher minus the teacher's entropy
    T = temperature
    log_q = torch.log_softmax(student_logits / T, dim=1)
    log_p = torch.log_softmax(teacher_logits / T, dim=1)
    p = log_p.exp()
    kl = (p * (log_p - log_q)).sum(dim=1).mean()
    log_probs = torch.log_softmax(student_logits, dim=1)
    ce = -log_probs.gather(1, labels[:, None]).mean()
    return alpha * T ** 2 * kl + (1 - alpha) * ce
