"""中文 text of the gan_losses drill."""
TEXT = {
    '(5, 4), values near ±3':
        '(5, 4)，数值接近 ±3',
    "-log sigmoid(z) = softplus(-z) and -log(1 - sigmoid(z)) = softplus(z): d_loss 'ns' is F.softplus(-real).mean() + F.softplus(fake).mean(), finite for any logit.":
        "-log sigmoid(z) = softplus(-z)，-log(1 - sigmoid(z)) = softplus(z)：d_loss 'ns' 就是 F.softplus(-real).mean() + F.softplus(fake).mean()，对任意 logit 都有限。",
    'The generator wants D(G(z)) -> 1: minimise -log sigmoid(fake) = softplus(-fake), the cross-entropy with the fakes labelled REAL.':
        '生成器希望 D(G(z)) -> 1：最小化 -log sigmoid(fake) = softplus(-fake)，即把假样本标为真实时的交叉熵。',
    "The generator's non-saturating loss labels its fakes REAL: F.softplus(-fake).mean(). Minimising log(1 - D(G(z))) (the saturating form) has almost no gradient when D confidently rejects the fakes.":
        '生成器的非饱和损失把它的假样本标为真实：F.softplus(-fake).mean()。当 D 很有把握地识破假样本时，最小化 log(1 - D(G(z)))（饱和形式）几乎没有梯度。',
    'alpha (B,) not reshaped to (B, 1, ..., 1): it broadcasts along the last axis, mixing sample i with weight alpha[j]':
        'alpha (B,) 没有 reshape 成 (B, 1, ..., 1)：它会沿最后一维广播，用权重 alpha[j] 去混合样本 i',
    'alpha = torch.rand(B, ...).reshape(B, 1, ..., 1): one weight per sample. x_hat = (alpha * real + (1 - alpha) * fake).requires_grad_(True).':
        'alpha = torch.rand(B, ...).reshape(B, 1, ..., 1)：每个样本一个权重。x_hat = (alpha * real + (1 - alpha) * fake).requires_grad_(True)。',
    'alpha and 1 - alpha swapped: x_hat = alpha · real + (1 - alpha) · fake (the same in distribution, but the prompt fixes which)':
        'alpha 和 1 - alpha 用反了：x_hat = alpha · real + (1 - alpha) · fake（分布上相同，但题目规定了哪个乘哪个）',
    'an input modified in place: work on new tensors':
        '原地修改了某个输入：请在新张量上计算',
    'binary cross-entropy from log(sigmoid(logits)): a sigmoid that rounds to 0 or 1 gives log(0) = -inf; -log sigmoid(z) = softplus(-z), -log(1 - sigmoid(z)) = softplus(z)':
        '用 log(sigmoid(logits)) 算二元交叉熵：sigmoid 舍入成 0 或 1 时会得到 log(0) = -inf；-log sigmoid(z) = softplus(-z)，-log(1 - sigmoid(z)) = softplus(z)',
    "d(penalty)/d(critic.{0}) differs from the penalty's own by up to {1}":
        'd(penalty)/d(critic.{0}) 与正确惩罚项的梯度最多相差 {1}',
    "d(penalty)/d(critic.{0}) differs from the penalty's own by up to {1}: it is zero":
        'd(penalty)/d(critic.{0}) 与正确惩罚项的梯度最多相差 {1}：它是零',
    'grad = torch.autograd.grad(critic(x_hat).sum(), x_hat, create_graph=True)[0]; then ((grad.flatten(1).norm(dim=1) - 1) ** 2).mean(). Without create_graph the penalty is a constant to the critic.':
        'grad = torch.autograd.grad(critic(x_hat).sum(), x_hat, create_graph=True)[0]；然后 ((grad.flatten(1).norm(dim=1) - 1) ** 2).mean()。没有 create_graph 的话，惩罚项对 critic 来说就是个常数。',
    'images (4, 2, 3, 3)':
        '图像 (4, 2, 3, 3)',
    "kind 'hinge', inside the margins":
        "kind 'hinge'，在 margin 以内",
    "kind 'ns', 8 samples":
        "kind 'ns'，8 个样本",
    "kind 'wgan'":
        "kind 'wgan'",
    'labels swapped: real samples are labelled 1 and fakes 0 (mean(softplus(-real)) + mean(softplus(fake)))':
        '标签反了：真实样本标为 1，假样本标为 0（mean(softplus(-real)) + mean(softplus(fake))）',
    'logits of ±100 and ±60':
        '±100 和 ±60 的 logits',
    'logits of ±100 and ±60, the default kind':
        '±100 和 ±60 的 logits，默认 kind',
    'one alpha for the whole batch: draw one per sample, torch.rand(B, ...)':
        '整个 batch 只用了一个 alpha：应每个样本采一个，torch.rand(B, ...)',
    'one alpha per element: draw one per sample, torch.rand(B, ...), broadcast over the sample':
        '每个元素一个 alpha：应每个样本采一个，torch.rand(B, ...)，在样本内广播',
    'one norm over the whole batch: each sample has its own gradient norm':
        '整个 batch 只算了一个范数：每个样本有自己的梯度范数',
    'one sample':
        '只有一个样本',
    'one sample past the margin: -mean(fake) still counts':
        '一个样本越过了 margin：-mean(fake) 仍然计入',
    'one sample, both margins met: the hinge loss is 0':
        '一个样本，两边的 margin 都满足：hinge 损失为 0',
    'square (3, 3) samples':
        '方形的 (3, 3) 样本',
    'squared norms: the penalty is (‖grad‖₂ - 1)², the norm itself, not its square':
        '用了范数的平方：惩罚项是 (‖grad‖₂ - 1)²，用范数本身，而不是它的平方',
    "the WGAN critic loss's sign: the critic minimises mean(fake) - mean(real)":
        'WGAN critic 损失的符号：critic 最小化的是 mean(fake) - mean(real)',
    "the WGAN generator loss's sign: the generator minimises -mean(fake)":
        'WGAN 生成器损失的符号：生成器最小化的是 -mean(fake)',
    "the discriminator's hinge used for the generator: the hinge generator loss is -mean(fake), with no margin":
        '把判别器的 hinge 用在了生成器上：hinge 形式的生成器损失是 -mean(fake)，没有 margin',
    'the distance to 1 not squared: mean((‖grad‖₂ - 1)²)':
        '与 1 的距离没有平方：mean((‖grad‖₂ - 1)²)',
    "the fakes labelled 0 in the generator's loss: the generator labels its fakes 1 (real), mean(softplus(-fake))":
        '生成器损失里把假样本标为 0：生成器要把它的假样本标为 1（真实），mean(softplus(-fake))',
    'the gradient taken at the real samples: it is taken at the interpolates x_hat':
        '在真实样本处求了梯度：应在插值点 x_hat 处求',
    'the hinge without its relu: scores past the margin still count (that is the WGAN loss shifted)':
        'hinge 漏了 relu：越过 margin 的分数仍被计入（那就成了平移后的 WGAN 损失）',
    "the hinge's signs swapped: relu(1 - real) for real, relu(1 + fake) for fake":
        'hinge 的符号反了：真实样本用 relu(1 - real)，假样本用 relu(1 + fake)',
    "the norm over dim 1 only: each sample's gradient norm is over all its elements (grad.flatten(1).norm(dim=1))":
        '只在第 1 维上求了范数：每个样本的梯度范数要取遍它的所有元素（grad.flatten(1).norm(dim=1)）',
    "the penalty is cut from the critic's graph: take the gradient with torch.autograd.grad(..., create_graph=True), so that penalty.backward() reaches the critic's parameters":
        '惩罚项与 critic 的计算图断开了：要用 torch.autograd.grad(..., create_graph=True) 求梯度，这样 penalty.backward() 才能到达 critic 的参数',
    'the penalty trains the critic':
        '惩罚项能训练 critic',
    "the prompt's example":
        '题目中的示例',
    "the prompt's example, kind 'hinge'":
        "题目中的示例，kind 'hinge'",
    "the prompt's example, kind 'wgan'":
        "题目中的示例，kind 'wgan'",
    "the prompt's example, kind None":
        '题目中的示例，kind 为 None',
    'the samples':
        '样本数',
    'the saturating generator loss mean(log(1 - sigmoid(fake))): its gradient vanishes when the discriminator rejects the fakes; the non-saturating loss is mean(-log sigmoid(fake))':
        '用了饱和的生成器损失 mean(log(1 - sigmoid(fake)))：判别器识破假样本时它的梯度会消失；非饱和损失是 mean(-log sigmoid(fake))',
    'torch.autograd.grad(critic(x_hat).sum(), x_hat, create_graph=True)[0]: the gradient is then itself differentiable, and the penalty built from it trains the critic.':
        'torch.autograd.grad(critic(x_hat).sum(), x_hat, create_graph=True)[0]：这样梯度本身也可微，由它构造的惩罚项就能训练 critic。',
    'with a critic whose weights require grad, the penalty does not: penalty.backward() would not reach the critic':
        'critic 的权重需要梯度，惩罚项却不需要：penalty.backward() 到达不了 critic',
}
