"""中文 text of the gae drill."""
TEXT = {
    "A done at step t cuts TWO links: the TD error does not bootstrap from values[:, t + 1] (another episode's state), and the recursion does not carry A_{t+1}. Multiply both by not_done = 1 - done_t.":
        '第 t 步的 done 切断了两条联系：TD 误差不再从 values[:, t + 1]（另一个 episode 的状态）bootstrap，递推也不再带上 A_{t+1}。两者都要乘以 not_done = 1 - done_t。',
    'Go backwards: A_{T-1} needs only step T-1 and values[:, T]; each earlier A_t needs A_{t+1}. Keep the running advantage of every trajectory in one (B,) tensor and loop t = T-1, ..., 0.':
        '倒着算：A_{T-1} 只需要第 T-1 步和 values[:, T]；更早的每个 A_t 都需要 A_{t+1}。把所有轨迹的累积优势放在一个 (B,) 张量里，循环 t = T-1, ..., 0。',
    'a done at the last step; a row of one-step episodes; compared: advantages, returns':
        '最后一步 done；有一行全是单步 episode；比较：advantages, returns',
    "bootstrap from the wrong value at the rollout's end: step T - 1 bootstraps from values[:, T] (a rollout cut off mid-episode is not terminal)":
        'rollout 末尾 bootstrap 用错了值：第 T - 1 步要从 values[:, T] bootstrap（在 episode 中途截断的 rollout 不是终止状态）',
    "bootstrapped from the wrong value at a done: values[:, t + 1] is then the NEXT episode's first state; δ_t = r_t - V_t there":
        'done 处 bootstrap 用错了值：此时 values[:, t + 1] 是下一个 episode 的第一个状态；该处 δ_t = r_t - V_t',
    'changing the rewards and values after the done at step {0} of trajectory {1} changed the advantages up to that done: an episode that ended is cut off from the next one (no bootstrap from values[:, t + 1] and no A_{{t+1}} at a done)':
        '改变轨迹 {1} 第 {0} 步 done 之后的奖励和价值，却改变了该 done 及之前的优势：已结束的 episode 与下一个是断开的（done 处既不从 values[:, t + 1] bootstrap，也不带上 A_{{t+1}}）',
    'compared: advantages, returns':
        '比较：advantages, returns',
    'delta = r[:, t] + gamma * v[:, t + 1] * nd[:, t] - v[:, t]; last = delta + gamma * lam * nd[:, t] * last; adv[:, t] = last':
        '先 delta = r[:, t] + gamma * v[:, t + 1] * nd[:, t] - v[:, t]；再 last = delta + gamma * lam * nd[:, t] * last；最后 adv[:, t] = last',
    'dones mid-rollout, one row with none; default gamma and lam; compared: advantages, returns':
        'rollout 中途有 done，有一行没有；默认 gamma 和 lam；比较：advantages, returns',
    'episodes are independent across a done':
        'done 两侧的 episode 相互独立',
    'expected (advantages, returns), two tensors of shape {0}':
        '应返回 (advantages, returns)，两个形状为 {0} 的张量',
    'lam = 0 gives the TD errors':
        'lam = 0 时得到 TD 误差',
    'lam = 1: discounted returns minus V; compared: advantages, returns':
        'lam = 1：折扣回报减去 V；比较：advantages, returns',
    'no dones, lam = 0: TD errors; compared: advantages, returns':
        '没有 done，lam = 0：TD 误差；比较：advantages, returns',
    'not resetting at done: a done stops both the bootstrap from V_(t+1) and the recursion from A_(t+1)':
        '在 done 处没有重置：done 既要截断从 V_(t+1) 的 bootstrap，也要截断来自 A_(t+1) 的递推',
    'one step, bootstrapped; compared: advantages, returns':
        '只有一步，需要 bootstrap；比较：advantages, returns',
    'recursion not reset at done: A_(t+1) of the next episode is carried back (multiply it by 1 - done_t too)':
        '递推在 done 处没有重置：下一个 episode 的 A_(t+1) 被带了回来（它也要乘以 1 - done_t）',
    'returns as discounted rewards to go: the value targets are advantages + values (λ-returns)':
        '把回报算成了未来奖励的折扣和：价值目标应是 advantages + values（λ-回报）',
    'returns from the wrong values: returns_t = A_t + V_t with V_t = values[:, t], not values[:, t + 1]':
        '回报用错了价值：returns_t = A_t + V_t，其中 V_t = values[:, t]，不是 values[:, t + 1]',
    'rewards near ±100, values near ±1000; compared: advantages, returns':
        '奖励接近 ±100，价值接近 ±1000；比较：advantages, returns',
    'rollouts of 1000 steps; compared: advantages, returns':
        '1000 步的 rollout；比较：advantages, returns',
    "the prompt's example; compared: advantages, returns":
        '题目中的示例；比较：advantages, returns',
    'the recursion decays by λ alone; it decays by γ·λ':
        '递推只按 λ 衰减；应按 γ·λ 衰减',
    'the trajectories (the time loop is expected)':
        '轨迹条数（时间上的循环是预期之内的）',
    'with lam = 0 the advantages are the one-step TD errors δ_t = r_t + γ·V_(t+1)·(1 - done_t) - V_t; they differ by {0}':
        'lam = 0 时优势应等于单步 TD 误差 δ_t = r_t + γ·V_(t+1)·(1 - done_t) - V_t；实际相差 {0}',
    'γ discounts once in the TD error and γ·λ in the recursion; returns are advantages + values[:, :-1].':
        'TD 误差中折扣一次 γ，递推中折扣 γ·λ；回报是 advantages + values[:, :-1]。',
    'λ and γ swapped: the TD error discounts by γ, the recursion by γ·λ':
        'λ 和 γ 用反了：TD 误差按 γ 折扣，递推按 γ·λ 折扣',
    'trajectories are independent':
        '各条轨迹相互独立',
}
