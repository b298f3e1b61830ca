"""中文 text of the kl_divergence drill."""
TEXT = {
    '5 rows of 7 classes':
        '',
    'KL(p ‖ p) = 0':
        '',
    'KL(p ‖ p) should be 0 (q_logits = p_logits + 5, the same distribution), got {0}':
        '',
    'KL(p ‖ q) = sum_c p_c (log p_c - log q_c), an expectation under p: the weights are p, the first argument.':
        '',
    'Stay in log space: log p = z - log(sum(exp(z))) with z = x - max, finite wherever x is.':
        '',
    'Work with log-probabilities: log_softmax(x) = x - logsumexp(x). Subtract the row max first: z = x - x.amax(-1, keepdim=True); log p = z - z.exp().sum(-1, keepdim=True).log().':
        '',
    'a divergence is negative: {0}; KL(p ‖ q) >= 0 (weight by p, the first argument)':
        '',
    "adding a constant to each row's logits changed the result by {0}: softmax ignores such a shift, so KL must too":
        '',
    'changing row 0 of p_logits changed the result of other rows: each row is a divergence of its own':
        '',
    'cross-entropy -sum p log q, not KL: the entropy term sum p log p is missing':
        '',
    'direction swapped: computed KL(q ‖ p); the expectation is under p, the first argument':
        '',
    'log p - log q summed without the weights p':
        '',
    'log(softmax(x)) instead of log-softmax: probabilities that underflow to 0 give log(0) = -inf (and 0 · -inf = NaN); use x - logsumexp(x)':
        '',
    'log(softmax(x)) is not the same in float32: a probability that underflows to 0 gives log(0) = -inf and 0 · -inf = NaN.':
        '',
    "log-softmax without subtracting the max: exp overflows to inf for large logits and underflows to 0 (log(0) = -inf) when a row's logits are all very negative":
        '',
    'log_p, log_q = ..., ...; return (log_p.exp() * (log_p - log_q)).sum(-1)':
        '',
    'logits near +1000: exp overflows':
        '',
    'logits near -1000: exp underflows':
        '',
    'logits near ±1e4':
        '',
    'long rows (C = 50000)':
        '',
    'mean over the classes instead of the sum':
        '',
    'non-negative':
        '',
    'one class: KL is 0':
        '',
    'p == q':
        '',
    'p_logits near +1000, q_logits near -1000':
        '',
    'probabilities that underflow to 0':
        '',
    'reduced over the rows: return one divergence per row, shape (N,)':
        '',
    'rows independent':
        '',
    'shift invariance':
        '',
    'softmax over the rows (dim 0) instead of the classes (dim -1)':
        '',
    "the prompt's example":
        '',
    'the rows':
        '',
    'two classes':
        '',
}
