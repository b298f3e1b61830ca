"""中文 text of the distill_loss drill."""
TEXT = {
    '32000 classes':
        '32000 个类别',
    'Gradients of the soft term scale like 1/T²: multiply it by T² before mixing. The hard term is plain cross-entropy on the raw student logits.':
        '软项的梯度按 1/T² 缩放：混合前先乘上 T²。硬项就是在学生原始 logits 上的普通交叉熵。',
    "KL averaged over the classes too (F.kl_div reduction='mean'): sum over classes, mean over rows ('batchmean')":
        "KL 连类别维也取了平均（F.kl_div reduction='mean'）：应对类别求和、对行取平均（'batchmean'）",
    'KL direction reversed: KL(teacher ‖ student), the expectation under the teacher (F.kl_div(student_log_probs, teacher_log_probs, log_target=True))':
        'KL 方向反了：应是 KL(teacher ‖ student)，期望在教师分布下取（F.kl_div(student_log_probs, teacher_log_probs, log_target=True)）',
    'Soften both distributions with the SAME temperature: log_softmax(student / T) and log_softmax(teacher / T).':
        '两个分布用同一个温度软化：log_softmax(student / T) 和 log_softmax(teacher / T)。',
    'T = 0.5, alpha = 1: the soft term alone':
        'T = 0.5，alpha = 1：只有软项',
    'T = 10':
        'T = 10',
    'T = 4, alpha = 0.9':
        'T = 4，alpha = 0.9',
    "The teacher is the target: KL(p_teacher ‖ q_student) = Σ p_t (log p_t - log q_s). With F.kl_div the student's log-probs go first: F.kl_div(log_q, log_p, log_target=True, reduction='batchmean').":
        "教师是目标：KL(p_teacher ‖ q_student) = Σ p_t (log p_t - log q_s)。用 F.kl_div 时学生的对数概率放在第一个参数：F.kl_div(log_q, log_p, log_target=True, reduction='batchmean')。",
    'T² missing: the soft term is multiplied by T² (its gradients shrink like 1/T²)':
        '漏了 T²：软项要乘以 T²（它的梯度按 1/T² 缩小）',
    'a student equal to the teacher pays only the hard loss':
        '学生与教师相同时只剩硬损失',
    'alpha = 0: the hard term alone':
        'alpha = 0：只有硬项',
    'alpha = 1 ignores the labels':
        'alpha = 1 时与标签无关',
    'alpha on the wrong term: alpha weighs the distillation term, 1 - alpha the cross-entropy':
        'alpha 加错了项：alpha 是蒸馏项的权重，1 - alpha 才是交叉熵的权重',
    'defaults: T = 2, alpha = 0.5':
        '默认值：T = 2，alpha = 0.5',
    'log(softmax(...)) underflows to log(0) = -inf for logits far apart; use log_softmax':
        'logits 相差很大时 log(softmax(...)) 会下溢成 log(0) = -inf；请用 log_softmax',
    'logits near ±1000: probabilities underflow to 0':
        '接近 ±1000 的 logits：概率下溢成 0',
    'one row, two classes, T = 1, alpha = 0.3':
        '一行、两个类别，T = 1，alpha = 0.3',
    "probabilities passed to F.kl_div: its input must be the student's LOG-probabilities":
        '给 F.kl_div 传了概率：它的 input 必须是学生的对数概率',
    "return alpha * T**2 * F.kl_div(log_q, log_p, log_target=True, reduction='batchmean') + (1 - alpha) * F.cross_entropy(student_logits, labels)":
        "一种写法：return alpha * T**2 * F.kl_div(log_q, log_p, log_target=True, reduction='batchmean') + (1 - alpha) * F.cross_entropy(student_logits, labels)",
    "temperature on one side only: both the student's and the teacher's logits are divided by T":
        '只在一边用了温度：学生和教师的 logits 都要除以 T',
    'the hard cross-entropy taken at temperature T: it uses the raw student logits':
        '硬交叉熵也用了温度 T：它应该用学生的原始 logits',
    "the prompt's example":
        '题目中的示例',
    'the rows':
        '行数',
    'the soft term multiplied by T instead of T²':
        '软项乘的是 T 而不是 T²',
    "the teacher's log-probabilities passed to F.kl_div without log_target=True: its target is read as probabilities":
        '把教师的对数概率传给 F.kl_div 却没加 log_target=True：target 会被当成概率',
    'with alpha = 1 the loss is the distillation term alone, yet changing the labels changed it from {0} to {1}: alpha weighs the SOFT term, 1 - alpha the hard one':
        'alpha = 1 时损失只有蒸馏项，但改变标签后它从 {0} 变成了 {1}：alpha 是软项的权重，1 - alpha 才是硬项的',
    'with student_logits equal to teacher_logits the distillation term is KL(p ‖ p) = 0, so the loss is (1 - alpha) · CE = {0}; got {1}':
        'student_logits 等于 teacher_logits 时蒸馏项为 KL(p ‖ p) = 0，所以损失应为 (1 - alpha) · CE = {0}；实际得到 {1}',
}
