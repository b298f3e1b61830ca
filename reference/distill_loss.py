import torch
import torch.nn.functional as F


def distill_loss(student_logits: torch.Tensor, teacher_logits: torch.Tensor, labels: torch.Tensor,
                 temperature: float = 2.0, alpha: float = 0.5) -> torch.Tensor:
    T = temperature
    log_q = F.log_softmax(student_logits / T, dim=-1)    # (N, C) student, softened
    log_p = F.log_softmax(teacher_logits / T, dim=-1)    # (N, C) teacher, the target
    # KL(p ‖ q) summed over classes, averaged over rows; log-probs on both sides: no log(0)
    soft = F.kl_div(log_q, log_p, log_target=True, reduction="batchmean")
    hard = F.cross_entropy(student_logits, labels)
    return alpha * T ** 2 * soft + (1 - alpha) * hard    # T² restores the soft gradients' scale
